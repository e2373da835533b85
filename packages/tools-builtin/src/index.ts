/** Placeholder while the package is built. */
export const PACKAGE_NAME = '@agentao/tools-builtin';
