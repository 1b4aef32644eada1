import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import {
	validBoolean,
	validChoice,
	validFromPath,
	validPathTarget,
} from '../../helpers/validation';

export const fromPathField: INodeProperties = {
	displayName: 'From Path',
	name: 'fromPath',
	type: 'string',
	default: '',
	required: true,
	placeholder: '/promo',
	description:
		'The path on the domain. A leading / is added when missing; matching is case-insensitive.',
};

export const pathRedirectToField: INodeProperties = {
	displayName: 'Redirect To',
	name: 'redirectTo',
	type: 'string',
	default: '',
	required: true,
	placeholder: '/spring-sale',
	description: "A path on the redirect's destination, or a full URL when Absolute is on",
};

export const pathSettingFields: INodeProperties[] = [
	{
		displayName: 'Absolute',
		name: 'absolute',
		type: 'boolean',
		default: false,
		description:
			'Whether Redirect To is a full URL (any domain) instead of a path on the destination',
	},
	{
		displayName: 'Status Code',
		name: 'statusCode',
		type: 'options',
		options: [
			{ name: '301 (Permanent)', value: 301 },
			{ name: '302 (Temporary)', value: 302 },
			{ name: '307 (Temporary, Keep Method)', value: 307 },
			{ name: '308 (Permanent, Keep Method)', value: 308 },
		],
		default: 301,
	},
];

export function pathSettings(this: IExecuteFunctions, i: number, fields: IDataObject): IDataObject {
	const body: IDataObject = {};
	if (fields.fromPath !== undefined) body.fromPath = validFromPath(this, i, fields.fromPath);
	if (fields.absolute !== undefined)
		body.absolute = validBoolean(this, i, 'Absolute', fields.absolute);
	if (fields.redirectTo !== undefined) {
		body.redirectTo = validPathTarget(
			this,
			i,
			body.absolute as boolean | undefined,
			fields.redirectTo,
		);
	}
	if (fields.statusCode !== undefined) {
		body.statusCode = validChoice(this, i, 'Status Code', fields.statusCode, [301, 302, 307, 308]);
	}
	return body;
}
