#!/usr/bin/env node
// `prepack` of every published package: only pnpm may pack or publish them. The workspace
// manifest points `exports` at ./src (the monorepo's tools read source) and has `catalog:` and
// `workspace:` ranges; `pnpm pack` / `pnpm publish` apply `publishConfig` and replace those ranges,
// `npm pack` / `npm publish` would ship a manifest that points at files not in the tarball.
// Stop them with a clear message instead (docs/releasing.md, docs/decisions/112).
const agent = process.env.npm_config_user_agent ?? '';
if (!agent.startsWith('pnpm/')) {
  console.error(
    `${process.env.npm_package_name ?? 'This package'} is packed and published with pnpm only ` +
      '(`pnpm pack`, `pnpm publish -r`): npm would ship the workspace manifest, whose exports ' +
      'point at ./src. See docs/releasing.md.',
  );
  process.exitCode = 1;
}
