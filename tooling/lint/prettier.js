/** Prettier settings shared by the whole repository. */
export default {
  printWidth: 100,
  singleQuote: true,
  trailingComma: 'all',
  semi: true,
};
