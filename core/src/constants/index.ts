export * from './app';
export * from './agent';
export * from './agency';
export * from './billing';
export * from './navigation';
export * from './notifications';
export * from './usage';
