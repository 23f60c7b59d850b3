import type pg from 'pg';
import type { SqlValue } from '../port.ts';

/**
 * One statement of a pipeline, already in PostgreSQL's `$n` form. `name` is its
 * prepared statement's name (decision 2001, amendment "One Sync per message"),
 * or undefined to run it as the unnamed statement.
 */
export interface PipelinedStatement {
  text: string;
  name: string | undefined;
  values: readonly SqlValue[];
}

/**
 * A point in a pipeline: once PostgreSQL has answered the first `after`
 * statements, `reached` is called, before the rest of the pipeline is answered
 * (a Flush message after them asks PostgreSQL to send their answers at once).
 */
export interface PipelineMark {
  after: number;
  reached: () => void;
}

/** What node-pg's Connection offers a Submittable (pg-cursor and pg-query-stream drive it the same way). */
interface ProtocolConnection {
  parsedStatements: Record<string, string>;
  stream: { cork?: () => void; uncork?: () => void };
  parse(message: { text: string; name: string; types?: unknown[] }): void;
  bind(message: { portal: string; statement: string; values: readonly unknown[]; valueMapper: (value: unknown) => unknown }): void;
  describe(message: { type: 'P' | 'S'; name: string }): void;
  execute(message: { portal: string; rows: number }): void;
  sync(): void;
  flush(): void;
  on(event: 'parseComplete', listener: () => void): void;
  off(event: 'parseComplete', listener: () => void): void;
}

/** Values travel as text, as node-pg sends a parameter; bigints and numbers by their decimal form. */
function textValue(value: unknown): unknown {
  return value === null || value === undefined ? null : String(value);
}

type QueryClass = new (config: { text: string; callback: (error: Error | undefined, results: pg.QueryResult | pg.QueryResult[]) => void }) => {
  submit(connection: ProtocolConnection): Error | null;
  handleError(error: Error, connection: ProtocolConnection): void;
  handleReadyForQuery(connection: ProtocolConnection): void;
  handleCommandComplete(message: unknown, connection: ProtocolConnection): void;
};

let pipelineClass: ReturnType<typeof definePipelineClass> | undefined;

/** What the driver's Query holds as its text for a pipeline (nothing reads it to send). */
const PIPELINE_TEXT = '-- railyard pipeline';

/**
 * Several statements in the extended protocol, written at once and closed by ONE
 * Sync: PostgreSQL runs them in order, stops at the first error (skipping the
 * rest up to the Sync), and each statement named before is bound to the plan it
 * already has on this connection instead of being parsed and planned again.
 *
 * A Submittable for node-pg (`client.query(submittable)`, the driver's extension
 * point): it reuses the driver's Query for the answers (one result per
 * statement, in order, rows parsed by the same type parsers) and only changes
 * what is sent. node-pg's own pipeline mode ends every query with its own Sync,
 * which measured slower than one simple-query message (decision 2001).
 */
export function runPipeline(
  driver: typeof pg,
  client: pg.PoolClient | pg.Client,
  statements: readonly PipelinedStatement[],
  marks: readonly PipelineMark[] = [],
): Promise<pg.QueryResult[]> {
  pipelineClass ??= definePipelineClass(driver.Query as unknown as QueryClass);
  const Pipeline = pipelineClass;
  return new Promise((resolve, reject) => {
    const query = new Pipeline(statements, marks, (error, results) => {
      if (error) reject(error);
      else resolve(Array.isArray(results) ? results : [results]);
    });
    void client.query(query as unknown as pg.QueryConfig);
  });
}

function definePipelineClass(Query: QueryClass) {
  return class Pipeline extends Query {
    /** The statements this pipeline parses, in the order their ParseComplete answers come back ('' = unnamed). */
    private readonly parsing: Array<{ name: string; text: string }> = [];
    private parsed = 0;
    private connection: ProtocolConnection | undefined;
    /** Statements PostgreSQL has answered so far. */
    private completed = 0;
    private readonly onParseComplete = () => {
      const statement = this.parsing[this.parsed++];
      // Known on this connection only once PostgreSQL said so: a Parse skipped after an
      // earlier error never created its statement, and is sent again next time.
      if (statement?.name && this.connection) this.connection.parsedStatements[statement.name] = statement.text;
    };

    constructor(
      private readonly statements: readonly PipelinedStatement[],
      private readonly marks: readonly PipelineMark[],
      callback: (error: Error | undefined, results: pg.QueryResult | pg.QueryResult[]) => void,
    ) {
      // The driver's Query only keeps `text`; the statements are what this class sends.
      super({ text: PIPELINE_TEXT, callback });
    }

    override submit(connection: ProtocolConnection): Error | null {
      this.connection = connection;
      connection.on('parseComplete', this.onParseComplete);
      const parsedHere = new Set<string>();
      // Corked: the whole pipeline leaves in as few socket writes as the kernel allows.
      connection.stream.cork?.();
      try {
        for (const [index, { text, name, values }] of this.statements.entries()) {
          if (name === undefined || (connection.parsedStatements[name] === undefined && !parsedHere.has(name))) {
            connection.parse({ text, name: name ?? '' });
            this.parsing.push({ name: name ?? '', text });
            if (name !== undefined) parsedHere.add(name);
          }
          connection.bind({ portal: '', statement: name ?? '', values, valueMapper: textValue });
          // The portal's description brings the field names of rows a RETURNING or SELECT answers.
          connection.describe({ type: 'P', name: '' });
          connection.execute({ portal: '', rows: 0 });
          if (this.marks.some((mark) => mark.after === index + 1)) connection.flush();
        }
        connection.sync();
      } finally {
        connection.stream.uncork?.();
      }
      return null;
    }

    override handleCommandComplete(message: unknown, connection: ProtocolConnection): void {
      super.handleCommandComplete(message, connection);
      this.completed++;
      for (const mark of this.marks) if (mark.after === this.completed) mark.reached();
    }

    override handleError(error: Error, connection: ProtocolConnection): void {
      connection.off('parseComplete', this.onParseComplete);
      super.handleError(error, connection);
    }

    override handleReadyForQuery(connection: ProtocolConnection): void {
      connection.off('parseComplete', this.onParseComplete);
      super.handleReadyForQuery(connection);
    }
  };
}
