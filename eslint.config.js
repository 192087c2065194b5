import { gallopEslintConfig } from '@gallop/lint-config/eslint';

export default gallopEslintConfig({ rootDir: import.meta.dirname });
