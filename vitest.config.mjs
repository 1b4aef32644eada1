import { mkdirSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);
const cacheDir = fileURLToPath(new URL('./node_modules/.cache/', import.meta.url));
mkdirSync(cacheDir, { recursive: true });

export default defineConfig({
	// n8n-core is CJS and require()s n8n-workflow's CJS build; the nodes and tests must share that
	// copy, or classes such as NodeApiError would exist twice (ESM and CJS).
	resolve: { alias: { 'n8n-workflow': require.resolve('n8n-workflow') } },
	test: {
		include: ['test/**/*.test.ts'],
		exclude: ['test/e2e/**', 'node_modules/**'],
		// n8n-core's InstanceSettings writes <N8N_USER_FOLDER>/.n8n/config on first use
		env: { N8N_USER_FOLDER: mkdtempSync(`${cacheDir}n8n-user-`) },
		testTimeout: 30_000,
		hookTimeout: 30_000,
	},
});
