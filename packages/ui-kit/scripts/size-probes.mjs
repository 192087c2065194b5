#!/usr/bin/env node
// Builds the bundles that size-limit measures (package.json "size-limit"): every export of the
// kit, a single Button import and a tour card's rider-fit pieces, each as a consumer's Vite build
// would produce them (JS and CSS). Vite is used rather than size-limit's esbuild plugin because
// esbuild keeps the CSS of modules it has tree-shaken away, which would hide what a consumer
// really ships.
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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
  // A form with a phone field; its country list (react-aria) is a chunk loaded on first open.
  'phone-input': `import { PhoneInput } from ${dist};\nconsole.log(PhoneInput);\n`,
  // The search filters' date picker: React Aria's calendar and its dialog.
  datepicker: `import { Datepicker } from ${dist};\nconsole.log(Datepicker);\n`,
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

// The country list's chunk is measured on its own: a page loads it only when the list opens.
const phoneOut = join(out, 'phone-input');
const listOut = join(out, 'phone-input-country-list');
rmSync(listOut, { recursive: true, force: true });
mkdirSync(listOut, { recursive: true });
const listChunks = readdirSync(phoneOut).filter((file) => file.startsWith('country-select'));
if (listChunks.length === 0) throw new Error('The phone input has no country-list chunk');
for (const file of listChunks) renameSync(join(phoneOut, file), join(listOut, file));
