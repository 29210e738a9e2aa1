// Bundles the server into dist/main.js: workspace packages (@atelier/*, TypeScript sources) are
// inlined, every other dependency stays in node_modules. `--outfile <path>` writes it elsewhere
// (the integration tests bundle their child servers beside it, test/helpers/server-bundle.ts).
import { build } from 'esbuild';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { outfile: { type: 'string', default: 'dist/main.js' } } });

await build({
  entryPoints: ['src/main.ts'],
  outfile: values.outfile,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  plugins: [
    {
      name: 'externalize-deps',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@atelier/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
