import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { getRedirectHosts } from '../RedirectManager/methods/loadOptions';
import type { EventKind, KnownRedirects, WatchSettings } from './events';
import { detectEvents, hostOf, isWatched, sampleEvent } from './events';
import { checkDnsOfUnconfigured, fetchRedirects } from './fetch';

export class RedirectManagerTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Redirect Manager Trigger',
		name: 'redirectManagerTrigger',
		icon: {
			light: 'file:../../icons/redirect-manager.svg',
			dark: 'file:../../icons/redirect-manager.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["events"].join(", ")}}',
		description:
			'Starts the workflow when a redirect changes status, appears, is deleted, or its certificate is about to expire',
		defaults: { name: 'Redirect Manager Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'redirectManagerApi', required: true }],
		properties: [
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				required: true,
				options: [
					{
						name: 'Became Active',
						value: 'becameActive',
						description:
							'The redirect became active (DNS points to the service, certificate issued)',
					},
					{
						name: 'Certificate Expiring',
						value: 'certificateExpiring',
						description:
							'The HTTPS certificate expires within the chosen number of days (once per certificate)',
					},
					{
						name: 'New Redirect',
						value: 'newRedirect',
						description: 'A redirect the trigger has not seen before',
					},
					{
						name: 'Redirect Deleted',
						value: 'redirectDeleted',
						description: 'A redirect the trigger knew is no longer in the account',
					},
					{
						name: 'Status Changed',
						value: 'statusChanged',
						description:
							'Any status change. A change that also matches a more specific selected event is reported once, as that event.',
					},
					{
						name: 'Went to Error or Disabled',
						value: 'becameErrorOrDisabled',
						description: 'The status became error or disabled',
					},
				],
				default: ['statusChanged'],
			},
			{
				displayName: 'Hosts Names or IDs',
				name: 'hosts',
				type: 'multiOptions',
				typeOptions: { loadOptionsMethod: 'getRedirectHosts' },
				default: [],
				description:
					'Only report events of these redirects; none selected means all. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			},
			{
				displayName: 'Certificate Expiry (Days)',
				name: 'certificateExpiryDays',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 14,
				description: 'Report a certificate when it expires within this many days',
				displayOptions: { show: { events: ['certificateExpiring'] } },
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Check DNS Actively',
						name: 'checkDnsActively',
						type: 'boolean',
						default: false,
						description:
							'Whether to ask the status endpoint about each watched redirect still not configured, so it moves on as soon as its DNS points to the service. Costs one extra request per such redirect and poll, paced under the rate limit of the credential; without it each poll costs one request.',
					},
				],
			},
		],
	};

	methods = { loadOptions: { getRedirectHosts } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const settings = watchSettings.call(this);
		const redirects = await fetchRedirects.call(this);

		if (this.getMode() === 'manual') {
			const sample = sampleEvent(redirects, settings);
			return sample ? [this.helpers.returnJsonArray([sample])] : null;
		}

		const { checkDnsActively } = this.getNodeParameter('options', {}) as {
			checkDnsActively?: boolean;
		};
		const current = checkDnsActively
			? await checkDnsOfUnconfigured.call(this, redirects, (redirect) =>
					isWatched(settings, hostOf(redirect)),
				)
			: redirects;

		const staticData = this.getWorkflowStaticData('node');
		const previous = staticData.redirects as KnownRedirects | undefined;
		// The first poll only records the baseline.
		const { events, known } = detectEvents(
			previous ?? {},
			current,
			previous ? settings : { ...settings, events: [] },
		);
		// Stored only now, after every request succeeded: a failed poll leaves the state as it was.
		staticData.redirects = known;
		return events.length > 0 ? [this.helpers.returnJsonArray(events)] : null;
	}
}

function watchSettings(this: IPollFunctions): WatchSettings {
	const events = this.getNodeParameter('events', []) as EventKind[];
	const hosts = this.getNodeParameter('hosts', []) as string[];
	return {
		events,
		hosts: hosts.map((host) => host.trim().toLowerCase()),
		certificateExpiryDays: events.includes('certificateExpiring')
			? (this.getNodeParameter('certificateExpiryDays', 14) as number)
			: 14,
		now: new Date(),
	};
}
