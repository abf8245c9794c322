export * from './messages';
export * from './agency';
export * from './workspace';
export * from './agent';
export * from './channels';
export * from './billing';
export * from './org';
export * from './tool';
