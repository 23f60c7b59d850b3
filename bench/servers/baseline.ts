// The baseline: a bare Fastify route that parses a JSON body and answers JSON,
// with no auth, no validation and no storage. Railyard's figures are read
// against it, measured in the same run on the same machine.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/echo', async (request) => ({ received: true, size: JSON.stringify(request.body).length }));
app.get('/ping', async (_request, reply) => reply.code(200).send());
const port = Number(process.argv[2] ?? 0);
const address = await app.listen({ port, host: '127.0.0.1' });
process.stdout.write(`LISTENING ${address}\n`);
