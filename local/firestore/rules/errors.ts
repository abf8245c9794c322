/** Thrown by compileRules: the message starts with `line:col` and names the construct. */
export class RulesCompileError extends Error {
  constructor(
    readonly line: number,
    readonly col: number,
    readonly construct: string,
    detail: string,
  ) {
    super(`${line}:${col}: ${detail} (${construct})`);
    this.name = 'RulesCompileError';
  }
}

/** An evaluation error: makes the enclosing allow condition false, as in Firestore. */
export class RulesEvalError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RulesEvalError';
  }
}

/** Too many get()/exists() calls: denies the whole request, not just one condition. */
export class AccessLimitError extends Error {
  constructor(limit: number) {
    super(`document access limit of ${limit} exceeded`);
    this.name = 'AccessLimitError';
  }
}

export function fail(message: string): never {
  throw new RulesEvalError(message);
}
