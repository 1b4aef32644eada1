#!/usr/bin/env node
// n8n's community-package scanner (the checks of n8n's verification) on our package, locally:
// builds, `npm pack`s, unpacks the tarball and runs `analyzePackage` on the source tree and on the tarball.
//   node test/e2e/scan.mjs            (npm run scan)
//   SCAN_SKIP_BUILD=1 node test/e2e/scan.mjs    scan the existing dist/
// Exit 0 when both pass. Needs only the root devDependencies (no n8n runtime).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { ROOT_DIR, buildAndPack, elapsed, log } from './lib/runtime.mjs';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-scan-'));
let code = 1;
try {
	const { tgz, files } = await buildAndPack(path.join(tmp, 'pack'), { build: process.env.SCAN_SKIP_BUILD !== '1' });
	log(`packed ${path.basename(tgz)} (${files.length} files)`);
	const unpacked = path.join(tmp, 'unpacked');
	fs.mkdirSync(unpacked);
	const tar = spawnSync('tar', ['-xzf', tgz, '-C', unpacked], { encoding: 'utf8' });
	if (tar.status !== 0) throw new Error(`tar failed: ${tar.stderr}`);
	const pkgDir = path.join(unpacked, 'package');

	const rootRequire = createRequire(path.join(ROOT_DIR, 'package.json'));
	const scannerPath = path.join(
		path.dirname(rootRequire.resolve('@n8n/scan-community-package/package.json')),
		'scanner',
		'scanner.mjs',
	);
	const { analyzePackage, SOURCE_FILE_PATTERNS } = await import(pathToFileURL(scannerPath).href);

	const source = await analyzePackage(ROOT_DIR, SOURCE_FILE_PATTERNS);
	const tarball = await analyzePackage(pkgDir, ['**/*.js', 'package.json']);
	for (const [name, r] of [
		['source', source],
		['tarball', tarball],
	]) {
		console.log(`${name.padEnd(8)} ${r.passed ? 'PASSED' : 'FAILED'} ${r.message ?? ''}`);
		if (!r.passed && r.details) console.log(typeof r.details === 'string' ? r.details : JSON.stringify(r.details, null, 2));
	}
	const passed = [source, tarball].filter((r) => r.passed).length;
	console.log(`scan: ${passed} passed, ${2 - passed} failed (${elapsed()})`);
	code = passed === 2 ? 0 : 1;
} catch (e) {
	console.error(`scan failed: ${e?.stack ?? e}`);
} finally {
	fs.rmSync(tmp, { recursive: true, force: true });
}
process.exit(code);
