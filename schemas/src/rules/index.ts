export * from './patterns.ts';
export * from './validate-field.ts';
export * from './lottery-launch.ts';
