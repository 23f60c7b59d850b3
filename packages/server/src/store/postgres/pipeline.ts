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

/** What node-pg's Connection offers a Submittable (pg-cursor and pg-query-stream drive it the same way). */
interface ProtocolConnection {
  parsedStatements: Record<string, string>;
  stream: { cork?: () => void; uncork?: () => void };
  parse(message: { text: string; name: string; types?: unknown[] }): void;
  bind(message: { portal: string; statement: string; values: readonly unknown[]; valueMapper: (value: unknown) => unknown }): void;
  describe(message: { type: 'P' | 'S'; name: string }): void;
  execute(message: { portal: string; rows: number }): void;
  sync(): void;
  on(event: 'parseComplete', listener: () => void): void;
  off(event: 'parseComplete', listener: () => void): void;
}

/** Values travel as text, as node-pg sends a parameter; bigints and numbers by their decimal form. */
function textValue(value: unknown): unknown {
  return value === null || value === undefined ? null : String(value);
}

type PipelineCallback = (error: Error | undefined, results: pg.QueryResult | pg.QueryResult[]) => void;

/** One column of a RowDescription, as node-pg's protocol parser gives it. */
interface FieldDescription {
  name: string;
  dataTypeID: number;
  format: string;
}

/**
 * What node-pg's Result holds once a RowDescription has been read (its `addFields`):
 * the fields, one text parser per field, and the empty row each data row is copied from.
 */
interface ResultInternals {
  fields: FieldDescription[];
  _parsers: unknown[] | undefined;
  _prebuiltEmptyResultObject: object | null;
  _types: unknown;
}

/** The driver's Query as this module extends it; `_result` and `_checkForMultirow` are the Query's own members. */
type QueryClass = new (text: string, values: undefined, callback: PipelineCallback) => {
  _result?: ResultInternals;
  _accumulateRows?: boolean;
  _checkForMultirow?: () => void;
  submit(connection: ProtocolConnection): Error | null;
  handleError(error: Error, connection: ProtocolConnection): void;
  handleReadyForQuery(connection: ProtocolConnection): void;
  handleCommandComplete(message: unknown, connection: ProtocolConnection): void;
  handleRowDescription(message: { fields: FieldDescription[] }): void;
};

/** A named statement's answer shape, as the driver first built it: reused while PostgreSQL describes the same columns. */
interface RowShape {
  fields: FieldDescription[];
  parsers: unknown[] | undefined;
  emptyRow: object | null;
}

/**
 * Row shapes by statement name, per client's type parsers (node-pg gives each client its own
 * `TypeOverrides`, which a result resolves its parsers through, so a shape is only reused with the
 * parsers it was built from). node-pg rebuilds a result's parsers and its empty row for every
 * answer that has rows (2–3 % of Node's CPU per create, decision 2001, amendment "What node-pg
 * redoes per answer"); a named statement's columns do not change while its text does not, and
 * they are compared anyway. Bounded per client: past the bound a shape is not kept.
 */
const MAX_ROW_SHAPES = 2000;
const rowShapes = new WeakMap<object, Map<string, RowShape>>();

/** The statement each failed pipeline stopped at (its index among the pipeline's statements). */
const failedStatements = new WeakMap<object, number>();

/**
 * Which statement of its pipeline an error came from: the index of the first
 * statement PostgreSQL had not completed when it answered the error. Undefined
 * for an error no pipeline answered (the connection lost before it ran).
 */
export function failedStatementOf(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null ? failedStatements.get(error) : undefined;
}

/** How many row descriptions were answered from `rowShapes`; the tests check the path is taken. */
export const rowShapeReuse = { count: 0 };

function sameFields(known: readonly FieldDescription[], described: readonly FieldDescription[]): boolean {
  if (known.length !== described.length) return false;
  for (let index = 0; index < known.length; index++) {
    const a = known[index]!;
    const b = described[index]!;
    if (a.name !== b.name || a.dataTypeID !== b.dataTypeID || a.format !== b.format) return false;
  }
  return true;
}

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
): Promise<pg.QueryResult[]> {
  pipelineClass ??= definePipelineClass(driver.Query as unknown as QueryClass);
  const Pipeline = pipelineClass;
  return new Promise((resolve, reject) => {
    const query = new Pipeline(statements, (error, results) => {
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
      callback: PipelineCallback,
    ) {
      // The driver's Query only keeps `text`; the statements are what this class sends. Given as a
      // string, not a config object, which the driver would copy property by property first.
      super(PIPELINE_TEXT, undefined, callback);
    }

    override submit(connection: ProtocolConnection): Error | null {
      this.connection = connection;
      connection.on('parseComplete', this.onParseComplete);
      const parsedHere = new Set<string>();
      // Corked: the whole pipeline leaves in as few socket writes as the kernel allows.
      connection.stream.cork?.();
      try {
        for (const { text, name, values } of this.statements) {
          if (name === undefined || (connection.parsedStatements[name] === undefined && !parsedHere.has(name))) {
            connection.parse({ text, name: name ?? '' });
            this.parsing.push({ name: name ?? '', text });
            if (name !== undefined) parsedHere.add(name);
          }
          connection.bind({ portal: '', statement: name ?? '', values, valueMapper: textValue });
          // The portal's description brings the field names of rows a RETURNING or SELECT answers.
          connection.describe({ type: 'P', name: '' });
          connection.execute({ portal: '', rows: 0 });
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
    }

    /**
     * The columns of the statement now answering (the `completed`-th). When its name described the
     * same columns before, the result takes the parsers and empty row built then, as the driver's
     * own handler would have built them again; otherwise the driver's handler runs and its work is
     * kept. Should a driver version lack what this relies on, the driver's handler simply runs.
     */
    override handleRowDescription(message: { fields: FieldDescription[] }): void {
      const name = this.statements[this.completed]?.name;
      const shapes = name === undefined ? undefined : this.shapesOfClient();
      const known = shapes?.get(name!);
      if (known !== undefined && sameFields(known.fields, message.fields)) {
        this._checkForMultirow!();
        const result = this._result!;
        result.fields = message.fields;
        result._parsers = known.parsers;
        // Only ever copied from (each row is a spread of it), so one object serves every result.
        result._prebuiltEmptyResultObject = known.emptyRow;
        // As the driver sets it: rows are kept for the callback, which a pipeline always has.
        this._accumulateRows = true;
        rowShapeReuse.count++;
        return;
      }
      super.handleRowDescription(message);
      if (shapes !== undefined && (shapes.size < MAX_ROW_SHAPES || shapes.has(name!))) {
        const result = this._result!;
        shapes.set(name!, { fields: result.fields, parsers: result._parsers, emptyRow: result._prebuiltEmptyResultObject });
      }
    }

    /**
     * The shapes kept for the type parsers of the client this pipeline runs on, or undefined when
     * the driver lacks what this class reuses (another version): its own handler then always runs.
     */
    private shapesOfClient(): Map<string, RowShape> | undefined {
      const types = this._result?._types;
      if (typeof this._checkForMultirow !== 'function' || typeof types !== 'object' || types === null) return undefined;
      let shapes = rowShapes.get(types);
      if (shapes === undefined) rowShapes.set(types, (shapes = new Map()));
      return shapes;
    }

    override handleError(error: Error, connection: ProtocolConnection): void {
      connection.off('parseComplete', this.onParseComplete);
      if (typeof error === 'object' && error !== null) failedStatements.set(error, this.completed);
      super.handleError(error, connection);
    }

    override handleReadyForQuery(connection: ProtocolConnection): void {
      connection.off('parseComplete', this.onParseComplete);
      super.handleReadyForQuery(connection);
    }
  };
}
