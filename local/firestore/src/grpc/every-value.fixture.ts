/**
 * Field values of every type and edge (int64 limits, NaN and infinities, old and
 * pre-epoch times, NUL and emoji in strings, empty and nested maps, dotted,
 * backticked and empty keys), shared by the protobuf converter and wire tests.
 */
export const TX = Buffer.from([0, 1, 2, 250, 251, 255]).toString('base64');

export const EVERY_VALUE = {
  null: { nullValue: null },
  boolTrue: { booleanValue: true },
  boolFalse: { booleanValue: false },
  intZero: { integerValue: '0' },
  intBig: { integerValue: '9007199254740993' },
  intMax: { integerValue: '9223372036854775807' },
  intMin: { integerValue: '-9223372036854775808' },
  intNeg: { integerValue: '-42' },
  doubleZero: { doubleValue: 0 },
  double: { doubleValue: -3.25 },
  nan: { doubleValue: 'NaN' },
  inf: { doubleValue: 'Infinity' },
  negInf: { doubleValue: '-Infinity' },
  ts: { timestampValue: '2024-05-01T12:34:56.123456789Z' },
  tsEpoch: { timestampValue: '1970-01-01T00:00:00Z' },
  tsOld: { timestampValue: '0001-01-01T00:00:00Z' },
  tsBeforeEpoch: { timestampValue: '1969-12-31T23:59:59.500Z' },
  emptyString: { stringValue: '' },
  string: { stringValue: 'héllo ✓ \u0000 end 😀' },
  longString: { stringValue: 'é✓x'.repeat(5000) },
  bytes: { bytesValue: TX },
  emptyBytes: { bytesValue: '' },
  ref: { referenceValue: 'projects/p/databases/(default)/documents/a/b' },
  geo: { geoPointValue: { latitude: 48.85, longitude: 2.35 } },
  geoZero: { geoPointValue: { latitude: 0, longitude: 0 } },
  emptyArray: { arrayValue: {} },
  array: { arrayValue: { values: [{ integerValue: '1' }, { stringValue: 'x' }, { nullValue: null }, { mapValue: {} }] } },
  emptyMap: { mapValue: {} },
  nested: {
    mapValue: {
      fields: {
        'a.b': { mapValue: { fields: { deep: { arrayValue: { values: [{ stringValue: 'y'.repeat(200) }] } } } } },
        '': { booleanValue: true },
      },
    },
  },
  map: { mapValue: { fields: { 'a.b': { booleanValue: false }, '`x`': { mapValue: { fields: { y: { doubleValue: 1.5 } } } } } } },
};
