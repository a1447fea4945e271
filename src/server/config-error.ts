/** A variable of the environment that cannot be used; main reports its message and exits. */
export class ConfigError extends Error {}
