import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { HOST_REGEX_SOURCE, validHost, validId, validLimit } from '../helpers/validation';

export const redirectLocator: INodeProperties = {
	displayName: 'Redirect',
	name: 'redirect',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'The redirect, identified by its host',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod: 'searchRedirects', searchable: true },
		},
		{
			displayName: 'By Host',
			name: 'host',
			type: 'string',
			placeholder: 'promo.example.com',
			validation: [
				{
					type: 'regex',
					properties: {
						regex: HOST_REGEX_SOURCE,
						errorMessage: 'Enter only the host, such as promo.example.com',
					},
				},
			],
		},
	],
};

const idLocator = (
	displayName: string,
	name: string,
	searchListMethod: string,
): INodeProperties => ({
	displayName,
	name,
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod, searchable: true },
		},
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: '42',
			validation: [
				{ type: 'regex', properties: { regex: '^\\d+$', errorMessage: 'Enter a numeric ID' } },
			],
		},
	],
});

export const pathLocator = idLocator('Path', 'pathId', 'searchPaths');
export const qrCodeLocator = idLocator('QR Code', 'qrCodeId', 'searchQrCodes');

export const targetField: INodeProperties = {
	displayName: 'Opens Name or ID',
	name: 'target',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getPathTargets', loadOptionsDependsOn: ['redirect.value'] },
	default: 'domain',
	description:
		'What the QR code opens: the domain itself or one of the redirect\'s custom paths. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

export function returnAllFields(): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { returnAll: [false] } },
		},
	];
}

export function limitResults(
	this: IExecuteFunctions,
	i: number,
	records: IDataObject[],
): IDataObject[] {
	if (this.getNodeParameter('returnAll', i) as boolean) return records;
	return records.slice(0, validLimit(this, i, this.getNodeParameter('limit', i)));
}

export function redirectHost(this: IExecuteFunctions, i: number): string {
	const value = this.getNodeParameter('redirect', i, '', { extractValue: true });
	return validHost(this, i, 'Redirect', value);
}

export function pathIdParameter(this: IExecuteFunctions, i: number): number {
	return validId(this, i, 'Path', this.getNodeParameter('pathId', i, '', { extractValue: true }));
}

export function qrCodeIdParameter(this: IExecuteFunctions, i: number): number {
	return validId(
		this,
		i,
		'QR Code',
		this.getNodeParameter('qrCodeId', i, '', { extractValue: true }),
	);
}

/** "domain" (or empty) means the domain itself: JSON null for the API. */
export function targetPathId(this: IExecuteFunctions, i: number, value: unknown): number | null {
	const raw = String(value ?? '').trim();
	if (raw === '' || raw.toLowerCase() === 'domain') return null;
	return validId(this, i, 'Opens', raw);
}

/** "Additional Fields" on creations, "Update Fields" on updates. */
export function optionalFields(
	name: 'additionalFields' | 'updateFields',
	options: INodeProperties[],
): INodeProperties {
	return {
		displayName: name === 'additionalFields' ? 'Additional Fields' : 'Update Fields',
		name,
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options,
	};
}
