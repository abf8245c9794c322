/** Strict operators of the rules language: wrong operand types are evaluation errors. */
import { fail } from './errors.ts';
import { checkedInt, equals, isNumber, RDuration, RMap, RSet, RTimestamp, typeName, type Val, RBytes } from './values.ts';

export const TYPE_NAMES = new Set(['bool', 'int', 'float', 'number', 'string', 'list', 'map', 'timestamp', 'duration', 'path', 'latlng', 'bytes', 'set', 'map_diff']);

export function isType(v: Val, type: string): boolean {
  const t = typeName(v);
  return type === 'number' ? t === 'int' || t === 'float' : t === type;
}

function numbers(op: string, a: Val, b: Val): [bigint | number, bigint | number] {
  if (!isNumber(a) || !isNumber(b)) fail(`'${op}' needs numbers, got ${typeName(a)} and ${typeName(b)}`);
  return [a, b];
}

export function add(a: Val, b: Val): Val {
  if (typeof a === 'bigint' && typeof b === 'bigint') return checkedInt(a + b);
  if (isNumber(a) && isNumber(b)) return Number(a) + Number(b);
  if (typeof a === 'string' && typeof b === 'string') return a + b;
  if (Array.isArray(a) && Array.isArray(b)) return [...a, ...b];
  if (a instanceof RTimestamp && b instanceof RDuration) return new RTimestamp(a.nanos + b.nanos);
  if (a instanceof RDuration && b instanceof RTimestamp) return new RTimestamp(a.nanos + b.nanos);
  if (a instanceof RDuration && b instanceof RDuration) return new RDuration(a.nanos + b.nanos);
  return fail(`'+' not defined for ${typeName(a)} and ${typeName(b)}`);
}

export function subtract(a: Val, b: Val): Val {
  if (a instanceof RTimestamp && b instanceof RTimestamp) return new RDuration(a.nanos - b.nanos);
  if (a instanceof RTimestamp && b instanceof RDuration) return new RTimestamp(a.nanos - b.nanos);
  if (a instanceof RDuration && b instanceof RDuration) return new RDuration(a.nanos - b.nanos);
  const [x, y] = numbers('-', a, b);
  if (typeof x === 'bigint' && typeof y === 'bigint') return checkedInt(x - y);
  return Number(x) - Number(y);
}

export function multiply(a: Val, b: Val): Val {
  const [x, y] = numbers('*', a, b);
  if (typeof x === 'bigint' && typeof y === 'bigint') return checkedInt(x * y);
  return Number(x) * Number(y);
}

export function divide(a: Val, b: Val): Val {
  const [x, y] = numbers('/', a, b);
  if (typeof x === 'bigint' && typeof y === 'bigint') {
    if (y === 0n) fail('division by zero');
    return checkedInt(x / y);
  }
  return Number(x) / Number(y);
}

export function modulo(a: Val, b: Val): Val {
  const [x, y] = numbers('%', a, b);
  if (typeof x === 'bigint' && typeof y === 'bigint') {
    if (y === 0n) fail('modulo by zero');
    return x % y;
  }
  return Number(x) % Number(y);
}

export function negate(a: Val): Val {
  if (typeof a === 'bigint') return checkedInt(-a);
  if (typeof a === 'number') return -a;
  if (a instanceof RDuration) return new RDuration(-a.nanos);
  return fail(`unary '-' not defined for ${typeName(a)}`);
}

/** -1, 0 or 1; an error for values without an order. */
export function compare(a: Val, b: Val): number {
  if (isNumber(a) && isNumber(b)) {
    if (Number.isNaN(a) || Number.isNaN(b)) return NaN;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if ((a instanceof RTimestamp && b instanceof RTimestamp) || (a instanceof RDuration && b instanceof RDuration)) {
    return a.nanos < b.nanos ? -1 : a.nanos > b.nanos ? 1 : 0;
  }
  if (a instanceof RBytes && b instanceof RBytes) return Buffer.compare(Buffer.from(a.bytes), Buffer.from(b.bytes));
  return fail(`cannot order ${typeName(a)} and ${typeName(b)}`);
}

export function relational(op: '<' | '<=' | '>' | '>=', a: Val, b: Val): boolean {
  const c = compare(a, b);
  if (Number.isNaN(c)) return false;
  switch (op) {
    case '<':
      return c < 0;
    case '<=':
      return c <= 0;
    case '>':
      return c > 0;
    case '>=':
      return c >= 0;
  }
}

export function inOperator(a: Val, b: Val): boolean {
  if (Array.isArray(b)) return b.some((x) => equals(a, x));
  if (b instanceof RMap) {
    if (typeof a !== 'string') fail(`map keys are strings, got ${typeName(a)}`);
    return b.entries.has(a);
  }
  if (b instanceof RSet) return b.has(a);
  return fail(`'in' needs a list, map or set, got ${typeName(b)}`);
}
