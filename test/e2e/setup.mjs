#!/usr/bin/env node
// Installs (or reuses) the cached n8n runtime: Node 24 + n8n, pinned by test/e2e/package-lock.json.
//   node test/e2e/setup.mjs            install when missing, print where it is
//   node test/e2e/setup.mjs --force    reinstall
//   node test/e2e/setup.mjs --pack     also build and pack our package (sanity check)
// Cache folder: $E2E_CACHE or ~/.cache/n8n-nodes-redirect-manager-e2e (outside the package tree).
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { buildAndPack, cleanup, ensureRuntime, installSignalHandlers, log, elapsed } from './lib/runtime.mjs';

installSignalHandlers();
const args = process.argv.slice(2);
try {
	const rt = await ensureRuntime({ force: args.includes('--force') });
	log(`node: ${rt.nodeBin}`);
	log(`n8n:  ${rt.n8nBin}`);
	if (args.includes('--pack')) {
		const out = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-e2e-pack-'));
		const { tgz, files } = await buildAndPack(out);
		log(`packed ${tgz} (${files.length} files)`);
	}
	log(`setup done in ${elapsed()}`);
	await cleanup();
} catch (e) {
	console.error(`setup failed: ${e?.stack ?? e}`);
	await cleanup();
	process.exit(1);
}
