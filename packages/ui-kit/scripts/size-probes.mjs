#!/usr/bin/env node
// Builds the bundles that size-limit measures (package.json "size-limit"): every export of the
// kit, a single Button import and a tour card's rider-fit pieces, each as a consumer's Vite build
// would produce them (JS and CSS). Vite is used rather than size-limit's esbuild plugin because
// esbuild keeps the CSS of modules it has tree-shaken away, which would hide what a consumer
// really ships.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';

const root = join(import.meta.dirname, '..');
// Inside node_modules so that lint, format and the package's `files` never see the output.
const out = join(root, 'node_modules', '.cache', 'size-probes');
const dist = JSON.stringify(join(root, 'dist', 'index.js'));
const probes = {
  kit: `import * as kit from ${dist};\nconsole.log(kit);\n`,
  button: `import { Button } from ${dist};\nconsole.log(Button);\n`,
  // What a tour card adds for rider fit: it must stay free of react-aria and the form controls.
  'rider-fit-card': `import { FitIndicator, RiderLevelBadge } from ${dist};\nconsole.log(FitIndicator, RiderLevelBadge);\n`,
};

mkdirSync(out, { recursive: true });
for (const [name, source] of Object.entries(probes)) {
  const entry = join(out, `${name}.entry.js`);
  writeFileSync(entry, source);
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      outDir: join(out, name),
      emptyOutDir: true,
      minify: true,
      lib: { entry, formats: ['es'], fileName: 'index', cssFileName: 'index' },
      rolldownOptions: { external: ['react', 'react-dom', /^react\//, /^react-dom\//] },
    },
  });
}
