// React and TanStack Router pick their production builds from NODE_ENV when first loaded:
// set it before anything imports them (this module is imported first by prod.ts).
process.env.NODE_ENV ??= 'production';
