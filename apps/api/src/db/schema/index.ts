export * from './accounts.ts';
export * from './catalog-version.ts';
export * from './content.ts';
export * from './geography.ts';
export * from './organizers.ts';
export * from './taxonomy.ts';
export * from './tours.ts';
export * from './tour-actions.ts';
