// Vitest config of the benchmark (`npm run bench`, `npm run bench:ci`): the root config's n8n-workflow
// alias and N8N_USER_FOLDER, but only bench/**/*.bench.ts, one file at a time, with long timeouts.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);
const cacheDir = fileURLToPath(new URL('../node_modules/.cache/', import.meta.url));
mkdirSync(cacheDir, { recursive: true });

export default defineConfig({
	root: fileURLToPath(new URL('..', import.meta.url)),
	resolve: { alias: { 'n8n-workflow': require.resolve('n8n-workflow') } },
	test: {
		include: ['bench/**/*.bench.ts'],
		env: { N8N_USER_FOLDER: mkdtempSync(`${cacheDir}n8n-user-`) },
		fileParallelism: false,
		testTimeout: 600_000,
		hookTimeout: 120_000,
		reporters: ['verbose'],
	},
});
