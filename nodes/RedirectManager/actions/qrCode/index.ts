import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as deleteQrCode from './delete.operation';
import * as downloadImage from './downloadImage.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';

export { create, deleteQrCode as delete, downloadImage, get, getAll, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['qrCode'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Create a QR code that opens the domain or one of its paths',
				action: 'Create a QR code',
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete a QR code',
				action: 'Delete a QR code',
			},
			{
				name: 'Download Image',
				value: 'downloadImage',
				description: 'Download the QR code as a PNG or SVG file',
				action: 'Download a QR code image',
			},
			{ name: 'Get', value: 'get', description: 'Get a QR code', action: 'Get a QR code' },
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'Get the QR codes of a redirect',
				action: 'Get many QR codes',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Update a QR code',
				action: 'Update a QR code',
			},
		],
		default: 'create',
	},
	...create.description,
	...get.description,
	...getAll.description,
	...update.description,
	...deleteQrCode.description,
	...downloadImage.description,
];
