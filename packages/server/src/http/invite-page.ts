import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { INVITE_CODE_PATTERN } from '@railyard/contract';
import type { Services } from '../compose/services.ts';
import { readForm } from '../domain/onboarding-invites/form.ts';
import { sendEmpty } from './errors.ts';
import type { RateLimiter } from './rate-limit.ts';
import { closedPage, donePage, formPage, notFoundPage, STYLE_HASH } from './invite-page-html.ts';

/** Where an invite's link points: `GET` draws the form, `POST` submits it. */
export const INVITE_PAGE_PATH = '/onboarding/:code';

/**
 * Headers of every invite page: no script at all, the one inline style by hash,
 * forms posting only back here (or on to the invite's return URL, which the
 * browser checks on the redirect), no framing, no referrer carrying the code
 * elsewhere, nothing cached.
 */
function pageHeaders(reply: FastifyReply, returnOrigin?: string): FastifyReply {
  const formAction = returnOrigin ? `'self' ${returnOrigin}` : "'self'";
  return reply
    .type('text/html; charset=utf-8')
    .header('content-security-policy', `default-src 'none'; style-src ${STYLE_HASH}; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`)
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store');
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** The return URL with the new account's ID in its query, as Moov's hosted onboarding hands it back. */
function returnTo(url: string, accountID: string): string {
  const target = new URL(url);
  target.searchParams.set('accountID', accountID);
  return target.toString();
}

/**
 * Serves the page an invite's link opens (decision 1751). It needs no
 * credentials: the code in the URL is the key, and it opens one form for one
 * account. Requests are rate limited by address like unauthenticated API calls.
 */
export function registerOnboardingPage(app: FastifyInstance, services: Services, limiter: RateLimiter): void {
  const limited = (request: FastifyRequest, reply: FastifyReply): boolean => {
    const retryAfter = limiter.take(`ip:${request.ip}`, request.ip);
    if (retryAfter === undefined) return false;
    void sendEmpty(reply.header('retry-after', String(retryAfter)), 429);
    return true;
  };
  const codeOf = (request: FastifyRequest): string | undefined => {
    const code = (request.params as { code?: string }).code ?? '';
    return INVITE_CODE_PATTERN.test(code) ? code : undefined;
  };

  app.get(INVITE_PAGE_PATH, async (request, reply) => {
    if (limited(request, reply)) return reply;
    const code = codeOf(request);
    const invite = code ? await services.onboardingInvites.open(code) : undefined;
    if (!invite) return pageHeaders(reply).code(404).send(notFoundPage());
    if (invite.state !== 'open') return pageHeaders(reply).code(410).send(closedPage(invite.state));
    return pageHeaders(reply, originOf(invite.settings.returnURL)).code(200).send(formPage(invite, invite.values, {}));
  });

  app.post(INVITE_PAGE_PATH, async (request, reply) => {
    if (limited(request, reply)) return reply;
    const code = codeOf(request);
    const invite = code ? await services.onboardingInvites.open(code) : undefined;
    if (!code || !invite) return pageHeaders(reply).code(404).send(notFoundPage());
    const returnOrigin = originOf(invite.settings.returnURL);
    const { values, errors } = readForm(request.body);
    if (Object.keys(errors).length > 0) return pageHeaders(reply, returnOrigin).code(422).send(formPage(invite, values, errors));
    const outcome = await services.onboardingInvites.redeem(code, values, {
      ip: request.ip,
      userAgent: String(request.headers['user-agent'] ?? '').slice(0, 255),
      domain: request.host,
    });
    if (!outcome) return pageHeaders(reply).code(404).send(notFoundPage());
    if (!outcome.ok) {
      if (outcome.state !== 'open') return pageHeaders(reply).code(410).send(closedPage(outcome.state));
      return pageHeaders(reply, returnOrigin).code(422).send(formPage(invite, values, outcome.errors));
    }
    if (outcome.returnURL) return pageHeaders(reply, returnOrigin).code(303).header('location', returnTo(outcome.returnURL, outcome.accountID)).send('');
    return pageHeaders(reply).code(201).send(donePage(invite.partnerName, outcome.accountID));
  });
}
