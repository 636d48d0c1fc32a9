// The database schema, one file per domain; drizzle-kit generates migrations from these.
export * from './orgs';
export * from './calls';
export * from './call-tools';
export * from './webhooks';
export * from './speech';
export * from './voices';
export * from './oauth';
export * from './auth';
export * from './members';
export * from './audit';
export * from './onboarding';
export * from './payments';
export * from './limits';
export * from './auto-top-up';
export * from './calling-rules';
export * from './agents';
export * from './numbers';
