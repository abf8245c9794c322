// @parley/core — schemas, constants and pure domain rules shared by web, functions and widget. No I/O.
export * from './constants/index';
export * from './schemas/index';
export * from './ids';
export * from './region';
export * from './collections';
export * from './validation/index';
export * from './domain/index';
export * from './templates/index';
export * from './flows/index';
export * from './api/index';
