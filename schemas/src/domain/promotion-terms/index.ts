export * from './bonus.ts';
export * from './kinds.ts';
