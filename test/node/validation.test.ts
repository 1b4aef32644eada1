// Input validation before any request: the error names the field and the item, and the sandbox's
// request log shows that nothing was sent. Values come from expressions (as from a spreadsheet), so
// n8n's own parameter checks in the editor do not catch them first.
import type { INodeParameters } from 'n8n-workflow';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { runNode } from '../helpers/n8n';
import type { Sandbox } from '../sandbox/server.mjs';
import { startSandbox } from '../sandbox/server.mjs';
import { apiRequests, byHost, byId, credentialsFor, runFailing, seedRedirect } from './support';

const HOST = 'promo.example.com';
const redirect = byHost(HOST);

const redirectCreate = (fields: INodeParameters): INodeParameters => ({
	resource: 'redirect',
	operation: 'create',
	host: HOST,
	redirectTo: 'https://dest.example.org/',
	additionalFields: {},
	...fields,
});
const redirectUpsert = (fields: INodeParameters) => ({
	...redirectCreate(fields),
	operation: 'upsert',
});
const redirectUpdate = (updateFields: INodeParameters): INodeParameters => ({
	resource: 'redirect',
	operation: 'update',
	redirect,
	updateFields,
});
const pathCreate = (fields: INodeParameters): INodeParameters => ({
	resource: 'path',
	operation: 'create',
	redirect,
	fromPath: '/promo',
	redirectTo: '/landing',
	additionalFields: {},
	...fields,
});
const qrCreate = (fields: INodeParameters): INodeParameters => ({
	resource: 'qrCode',
	operation: 'create',
	redirect,
	label: 'Flyer',
	target: 'domain',
	additionalFields: {},
	...fields,
});
const qrDownload = (fields: INodeParameters): INodeParameters => ({
	resource: 'qrCode',
	operation: 'downloadImage',
	redirect,
	qrCodeId: byId(1),
	imageFormat: 'png',
	size: 512,
	binaryPropertyName: 'data',
	...fields,
});

/** [case name, parameters, field named in the error] */
const cases: Array<[string, INodeParameters, string]> = [
	['host with a scheme (Create)', redirectCreate({ host: '={{ "https://" + $json.h }}' }), 'Host'],
	[
		'host with a path (Create or Update)',
		redirectUpsert({ host: '={{ $json.h + "/x" }}' }),
		'Host',
	],
	['host with a space', redirectCreate({ host: '={{ "promo example.com" }}' }), 'Host'],
	['empty host', redirectCreate({ host: '={{ "" }}' }), 'Host'],
	[
		'redirect chosen by an invalid host',
		{ resource: 'redirect', operation: 'get', redirect: byHost('={{ "not_a host" }}') },
		'Redirect',
	],
	[
		'redirect URL without scheme',
		redirectCreate({ redirectTo: '={{ "dest.example.org/x" }}' }),
		'Redirect To',
	],
	[
		'non-http redirect URL',
		redirectCreate({ redirectTo: '={{ "ftp://dest.example.org/" }}' }),
		'Redirect To',
	],
	[
		'javascript: redirect URL',
		redirectCreate({ redirectTo: '={{ "javascript:alert(1)" }}' }),
		'Redirect To',
	],
	[
		'redirect to the same domain (Create)',
		redirectCreate({ redirectTo: '={{ "https://PROMO.example.com/x" }}' }),
		'Redirect To',
	],
	[
		'redirect to the same domain (Update)',
		redirectUpdate({ redirectTo: `https://${HOST}/loop` }),
		'Redirect To',
	],
	[
		'redirect to the same domain (Create or Update)',
		redirectUpsert({ redirectTo: `http://${HOST}/` }),
		'Redirect To',
	],
	[
		'redirectType 303 from an expression',
		redirectCreate({ additionalFields: { redirectType: '={{ 303 }}' } }),
		'Redirect Type',
	],
	['redirectType as a raw value "307"', redirectUpdate({ redirectType: '307' }), 'Redirect Type'],
	[
		'followPath "yes"',
		redirectCreate({ additionalFields: { followPath: '={{ "yes" }}' } }),
		'Follow Path',
	],
	[
		'path statusCode 303',
		pathCreate({ additionalFields: { statusCode: '={{ 303 }}' } }),
		'Status Code',
	],
	['path statusCode "abc"', pathCreate({ additionalFields: { statusCode: 'abc' } }), 'Status Code'],
	['fromPath with a space', pathCreate({ fromPath: '={{ "/spring sale" }}' }), 'From Path'],
	['fromPath with a query', pathCreate({ fromPath: '={{ "/spring?x=1" }}' }), 'From Path'],
	['fromPath of the root', pathCreate({ fromPath: '={{ "/" }}' }), 'From Path'],
	['empty fromPath', pathCreate({ fromPath: '={{ "" }}' }), 'From Path'],
	['empty path target', pathCreate({ redirectTo: '={{ "  " }}' }), 'Redirect To'],
	[
		'absolute path target that is not a URL',
		pathCreate({ redirectTo: '/x', additionalFields: { absolute: true } }),
		'Redirect To',
	],
	[
		'path update without fields',
		{ resource: 'path', operation: 'update', redirect, pathId: byId(1), updateFields: {} },
		'Update Fields',
	],
	['empty label', qrCreate({ label: '={{ "   " }}' }), 'Label'],
	['color without #', qrCreate({ additionalFields: { color: '={{ "0A0E14" }}' } }), 'Color'],
	['color with 5 digits', qrCreate({ additionalFields: { color: '#0A0E1' } }), 'Color'],
	['color by name', qrCreate({ additionalFields: { color: 'red' } }), 'Color'],
	[
		'preferred format gif',
		qrCreate({ additionalFields: { format: '={{ "gif" }}' } }),
		'Preferred Format',
	],
	['non-numeric QR target path', qrCreate({ target: '={{ "spring" }}' }), 'Opens'],
	[
		'QR update without fields',
		{ resource: 'qrCode', operation: 'update', redirect, qrCodeId: byId(1), updateFields: {} },
		'Update Fields',
	],
	[
		'non-numeric QR code id',
		{ resource: 'qrCode', operation: 'get', redirect, qrCodeId: byId('={{ "abc" }}') },
		'QR Code',
	],
	[
		'negative QR code id',
		{ resource: 'qrCode', operation: 'delete', redirect, qrCodeId: byId('={{ "-3" }}') },
		'QR Code',
	],
	[
		'fractional path id',
		{ resource: 'path', operation: 'get', redirect, pathId: byId('={{ "1.5" }}') },
		'Path',
	],
	[
		'path id with letters',
		{ resource: 'path', operation: 'delete', redirect, pathId: byId('={{ "12abc" }}') },
		'Path',
	],
	[
		'empty path id',
		{
			resource: 'path',
			operation: 'update',
			redirect,
			pathId: byId('={{ "" }}'),
			updateFields: { redirectTo: '/x' },
		},
		'Path',
	],
	['image size 63', qrDownload({ size: '={{ 63 }}' }), 'Size'],
	['image size 2049', qrDownload({ size: '={{ 2049 }}' }), 'Size'],
	['fractional image size', qrDownload({ size: '={{ 100.5 }}' }), 'Size'],
	['image format gif', qrDownload({ imageFormat: '={{ "gif" }}' }), 'Format'],
	[
		'empty binary property name',
		qrDownload({ binaryPropertyName: '={{ " " }}' }),
		'Put Output File in Field',
	],
];

let sandbox: Sandbox;
const credentials = () => credentialsFor(sandbox);
const input = [{ json: { h: HOST } }, { json: { h: HOST } }];

beforeAll(async () => {
	sandbox = await startSandbox({ rateLimit: 100000, rateWindowMs: 1000 });
	await seedRedirect(sandbox, HOST);
});
afterAll(async () => await sandbox.close());
beforeEach(() => sandbox.clearRequests());

describe.each(cases)('%s', (_name, parameters, field) => {
	it('fails the node naming the field and item 0, with zero requests sent', async () => {
		const error = await runFailing({ credentials: credentials(), parameters, input });
		expect(error.name).toBe('NodeOperationError');
		expect(error.message).toContain(`Invalid ${field} on item 0`);
		expect(error.description).toContain('No request was sent');
		expect(apiRequests(sandbox)).toEqual([]);
	});

	it('with Continue On Fail: one error item per item, each naming its own index, zero requests', async () => {
		const { items, error } = await runNode({
			credentials: credentials(),
			parameters,
			input,
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(2);
		items.forEach((item, index) => {
			expect(item.pairedItem).toEqual({ item: index });
			expect(String(item.json.error)).toContain(`Invalid ${field} on item ${index}`);
		});
		expect(apiRequests(sandbox)).toEqual([]);
	});
});

it('a batch: only the valid items reach the service', async () => {
	const { items, error } = await runNode({
		credentials: credentials(),
		parameters: qrCreate({
			label: '={{ $json.label }}',
			additionalFields: { color: '={{ $json.color }}' },
		}),
		input: [
			{ json: { label: 'ok', color: '#112233' } },
			{ json: { label: 'bad color', color: 'blue' } },
			{ json: { label: '', color: '#112233' } },
		],
		continueOnFail: true,
	});
	expect(error).toBeUndefined();
	expect(items.map((item) => item.json.label ?? item.json.error)).toEqual([
		'ok',
		expect.stringContaining('Invalid Color on item 1'),
		expect.stringContaining('Invalid Label on item 2'),
	]);
	expect(apiRequests(sandbox).map((entry) => entry.method)).toEqual(['POST']);
});
