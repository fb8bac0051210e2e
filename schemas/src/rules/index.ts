export * from './patterns.ts';
export * from './validate-field.ts';
