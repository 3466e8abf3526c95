/** One jest run for every package: unit tests beside the code (src/**\/*.test.ts[x]). */
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' }, module: { type: 'commonjs' } }];
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/shared-deps', '<rootDir>/root-config', '<rootDir>/apps', '<rootDir>/server', '<rootDir>/agent', '<rootDir>/cli'],
  testMatch: ['**/src/**/*.test.ts', '**/src/**/*.test.tsx'],
  transform: { '^.+\\.(t|j|mj)sx?$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(@noble/ciphers|@primer|@github|@oddbird|@lit-labs|@simplewebauthn|@zxcvbn-ts)/)'],
  moduleNameMapper: {
    '^@tessera/([a-z-]+)$': '<rootDir>/shared-deps/$1/src/index.ts',
    '\\.(css)$': '<rootDir>/scripts/jest-style-stub.js',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  testTimeout: 60000,
};
