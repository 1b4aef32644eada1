import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { validBoolean, validChoice, validDestination, validHost } from '../../helpers/validation';
import { optionalFields } from '../common';

export const hostField: INodeProperties = {
	displayName: 'Host',
	name: 'host',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'promo.example.com',
	description: 'The customer-owned domain that redirects (only the host: no https://, no path)',
};

export const redirectToField: INodeProperties = {
	displayName: 'Redirect To',
	name: 'redirectTo',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'https://www.example.com/landing',
	description:
		'Full destination URL starting with http:// or https://, on another domain than the host',
};

export const settingFields: INodeProperties[] = [
	{
		displayName: 'Follow Path',
		name: 'followPath',
		type: 'boolean',
		default: true,
		description:
			'Whether to keep the visited path on the destination (host/about goes to destination/about)',
	},
	{
		displayName: 'Follow Query String',
		name: 'followQueryString',
		type: 'boolean',
		default: true,
		description: 'Whether to keep the query string on the destination',
	},
	{
		displayName: 'Redirect Type',
		name: 'redirectType',
		type: 'options',
		options: [
			{ name: '301 (Permanent)', value: 301 },
			{ name: '302 (Temporary)', value: 302 },
		],
		default: 301,
	},
];

/** Validated redirect settings for the API body, from a collection of optional fields. */
export function redirectSettings(
	this: IExecuteFunctions,
	i: number,
	fields: IDataObject,
	host: string | undefined,
): IDataObject {
	const body: IDataObject = {};
	if (fields.redirectTo !== undefined)
		body.redirectTo = validDestination(this, i, host, fields.redirectTo);
	if (fields.redirectType !== undefined) {
		body.redirectType = validChoice(this, i, 'Redirect Type', fields.redirectType, [301, 302]);
	}
	if (fields.followPath !== undefined) {
		body.followPath = validBoolean(this, i, 'Follow Path', fields.followPath);
	}
	if (fields.followQueryString !== undefined) {
		body.followQueryString = validBoolean(this, i, 'Follow Query String', fields.followQueryString);
	}
	return body;
}

export const newRedirectFields: INodeProperties[] = [
	hostField,
	redirectToField,
	optionalFields('additionalFields', settingFields),
];

/** Host and validated body of a redirect to create, from the item's parameters. */
export function readNewRedirect(
	this: IExecuteFunctions,
	i: number,
): { host: string; body: IDataObject } {
	const host = validHost(this, i, 'Host', this.getNodeParameter('host', i));
	const fields = this.getNodeParameter('additionalFields', i, {}) as IDataObject;
	const redirectTo = this.getNodeParameter('redirectTo', i);
	return { host, body: redirectSettings.call(this, i, { ...fields, redirectTo }, host) };
}
