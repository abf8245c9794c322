// Deploy-time settings (firebase-functions params and secrets). Inside the Functions runtime a param resolves from the
// deploy's configuration; outside it (tests, benches, scripts) reading it throws, and the environment variable of the
// same name stands in. A set environment variable wins in both, as the emulator sets params through it too.

interface Param {
  readonly name: string;
  value(): string;
}

/** The param's value, its environment variable's when one is set, or '' when neither has one. */
export function paramValue(param: Param): string {
  const fromEnv = process.env[param.name];
  if (fromEnv !== undefined) return fromEnv;
  try {
    return param.value();
  } catch {
    return '';
  }
}
