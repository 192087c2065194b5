// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { mergeSplitImporters } from './split-route-chunk';

/** A route file as TanStack's router plugin (1.169) leaves it for the route tree. */
const routeFile = (
  options: string,
) => `const $$splitComponentImporter = () => import("/app/src/routes/about.tsx?tsr-split=component---loader");
import { lazyRouteComponent } from "@tanstack/react-router";
const $$splitLoaderImporter = () => import("/app/src/routes/about.tsx?tsr-split=component---loader");
import { lazyFn } from "@tanstack/react-router";
import { createFileRoute } from "@tanstack/react-router";
export const Route = createFileRoute("/about")({
${options}
});
`;

describe('mergeSplitImporters', () => {
  it('gives the loader and the component of one chunk a single importer', () => {
    const merged = mergeSplitImporters(
      routeFile(`\tloader: lazyFn($$splitLoaderImporter, "loader"),
\thead: () => ({ meta: [] }),
\tcomponent: lazyRouteComponent($$splitComponentImporter, "component")`),
    );
    expect(merged).toMatch(
      /^import \{ splitRouteChunk \} from ".*split-route-chunk-runtime\.ts";\n/,
    );
    expect(merged).not.toContain('$$splitLoaderImporter');
    expect(merged).not.toContain('component:');
    expect(merged).toContain(`export const Route = createFileRoute("/about")({
\t...splitRouteChunk($$splitComponentImporter),
\thead: () => ({ meta: [] })
});`);
  });

  it('removes a component property followed by others', () => {
    const merged = mergeSplitImporters(
      routeFile(`\tloader: lazyFn($$splitLoaderImporter, "loader"),
\tcomponent: lazyRouteComponent($$splitComponentImporter, "component"),
\thead: () => ({ meta: [] })`),
    );
    expect(merged).toContain(`({
\t...splitRouteChunk($$splitComponentImporter),
\thead: () => ({ meta: [] })
});`);
  });

  it('leaves a route alone when its loader and component are not one chunk, or not both split', () => {
    const separate = routeFile(`\tloader: lazyFn($$splitLoaderImporter, "loader"),
\tcomponent: lazyRouteComponent($$splitComponentImporter, "component")`).replace(
      'about.tsx?tsr-split=component---loader");\nimport { lazyFn }',
      'about.tsx?tsr-split=loader");\nimport { lazyFn }',
    );
    expect(mergeSplitImporters(separate)).toBeUndefined();
    const loaderOnly = `const $$splitLoaderImporter = () => import("/app/src/routes/r.tsx?tsr-split=loader");
export const Route = createFileRoute("/r")({
\tloader: lazyFn($$splitLoaderImporter, "loader")
});
`;
    expect(mergeSplitImporters(loaderOnly)).toBeUndefined();
  });

  it('leaves code it does not recognise as it was', () => {
    const componentFirst =
      routeFile(`\tcomponent: lazyRouteComponent($$splitComponentImporter, "component"),
\tloader: lazyFn($$splitLoaderImporter, "loader")`);
    expect(mergeSplitImporters(componentFirst)).toBeUndefined();
    const reused = routeFile(`\tloader: lazyFn($$splitLoaderImporter, "loader"),
\tpreload: $$splitLoaderImporter,
\tcomponent: lazyRouteComponent($$splitComponentImporter, "component")`);
    expect(mergeSplitImporters(reused)).toBeUndefined();
  });
});
