import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { listQrCodes, pickById, redirectPath } from '../../helpers/api';
import { invalidInput, validChoice, validSize } from '../../helpers/validation';
import { apiDownload, CREDENTIAL_TYPE, serviceBaseUrl } from '../../transport';
import { qrCodeIdParameter, qrCodeLocator, redirectHost, redirectLocator } from '../common';

const properties: INodeProperties[] = [
	redirectLocator,
	qrCodeLocator,
	{
		displayName: 'Format',
		name: 'imageFormat',
		type: 'options',
		options: [
			{ name: 'PNG', value: 'png' },
			{ name: 'SVG', value: 'svg' },
		],
		default: 'png',
	},
	{
		displayName: 'Size (Pixels)',
		name: 'size',
		type: 'number',
		typeOptions: { minValue: 64, maxValue: 2048 },
		default: 512,
		description: 'Width and height of the image, from 64 to 2048',
	},
	{
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the output binary field to put the image in',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['qrCode'], operation: ['downloadImage'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	i: number,
	item: INodeExecutionData,
): Promise<INodeExecutionData[]> {
	const host = redirectHost.call(this, i);
	const id = qrCodeIdParameter.call(this, i);
	const format = validChoice(this, i, 'Format', this.getNodeParameter('imageFormat', i), [
		'png',
		'svg',
	]);
	const size = validSize(this, i, this.getNodeParameter('size', i));
	const binaryPropertyName = String(this.getNodeParameter('binaryPropertyName', i)).trim();
	if (!binaryPropertyName) {
		throw invalidInput(
			this,
			i,
			'Put Output File in Field',
			'a field name such as data is required',
		);
	}
	const imagePath = `${redirectPath(host)}/qr-codes/${id}/image`;
	const fileName = `qr-${host}-${id}.${format}`;

	if (this.getNode().type.endsWith('Tool')) {
		// An AI agent cannot use binary data: describe where the image is instead.
		const { baseUrl } = await this.getCredentials(CREDENTIAL_TYPE);
		const code = pickById.call(this, await listQrCodes.call(this, host, i), id, 'QR code', host, i);
		return [
			{
				json: {
					host,
					id,
					label: code.label,
					url: code.url,
					fileName,
					format,
					size,
					imageUrl: `${serviceBaseUrl(baseUrl)}/v1${imagePath}?format=${format}&size=${size}`,
				},
			},
		];
	}

	const image = await apiDownload.call(this, {
		method: 'GET',
		path: imagePath,
		qs: { format, size },
		itemIndex: i,
	});
	const binary = await this.helpers.prepareBinaryData(image.data, fileName, image.mimeType);
	return [
		{
			json: item.json,
			binary: { ...(item.binary ?? {}), [binaryPropertyName]: binary },
		},
	];
}
