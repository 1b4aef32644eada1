import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { validChoice, validColor, validLabel } from '../../helpers/validation';
import { targetPathId } from '../common';

export const labelField: INodeProperties = {
	displayName: 'Label',
	name: 'label',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'Spring flyer',
	description: 'Free-text name of the QR code',
};

export const qrSettingFields: INodeProperties[] = [
	{
		displayName: 'Color',
		name: 'color',
		type: 'color',
		default: '#0A0E14',
		description: 'Color of the code, as #RRGGBB',
	},
	{
		displayName: 'Preferred Format',
		name: 'format',
		type: 'options',
		options: [
			{ name: 'PDF', value: 'pdf' },
			{ name: 'PNG', value: 'png' },
			{ name: 'SVG', value: 'svg' },
		],
		default: 'png',
		description: 'Download format preselected in the dashboard',
	},
];

export function qrSettings(this: IExecuteFunctions, i: number, fields: IDataObject): IDataObject {
	const body: IDataObject = {};
	if (fields.label !== undefined) body.label = validLabel(this, i, fields.label);
	if (fields.target !== undefined) body.pathId = targetPathId.call(this, i, fields.target);
	if (fields.color !== undefined) body.color = validColor(this, i, fields.color);
	if (fields.format !== undefined) {
		body.format = validChoice(this, i, 'Preferred Format', fields.format, ['png', 'svg', 'pdf']);
	}
	return body;
}
