/** Google's Cloud Firestore emulator for the local stack, `npm run firestore` and the test suites. */
export { clearDatabase, DEFAULT_DATABASES, exportDatabases, freePort, importDatabases, startFirestoreEmulator, type EmulatorOptions, type ImportedData, type RunningEmulator } from './emulator';
export { checkJavaRunsJar, EmulatorSetupError, GCLOUD_JAR, javaCommand, locateEmulatorJar } from './locate';
