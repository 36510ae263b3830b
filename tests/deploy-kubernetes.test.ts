import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Service } from 'kubernetes-models/v1';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { TEMP_SWEEP_AGE_MINUTES, defaultLimits } from '@paperknife/catalog/limits';
import { readConfig, readVariableNames, repoRoot } from '../apps/server/src/env.js';

/**
 * deploy/kubernetes: every manifest valid against the Kubernetes API schemas (kubernetes-models, bundled: no
 * network), and the facts the deployment relies on hold across the files.
 */

const folder = join(repoRoot, 'deploy/kubernetes');

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  [field: string]: unknown;
}

const manifests: { file: string; manifest: Manifest }[] = readdirSync(folder)
  .filter((file) => file.endsWith('.yaml'))
  .flatMap((file) =>
    parseAllDocuments(readFileSync(join(folder, file), 'utf8')).map((document) => {
      if (document.errors.length > 0) throw new Error(`${file}: ${document.errors[0]!.message}`);
      return { file, manifest: document.toJS() as Manifest };
    }),
  );

const models: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1 Deployment': Deployment,
  'autoscaling/v2 HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1 PodDisruptionBudget': PodDisruptionBudget,
  'v1 ConfigMap': ConfigMap,
  'v1 Service': Service,
};

function one<T>(kind: string, name = 'paperknife'): T {
  const found = manifests.filter(({ manifest }) => manifest.kind === kind && manifest.metadata.name === name);
  expect(found, `${kind} ${name}`).toHaveLength(1);
  return found[0]!.manifest as unknown as T;
}

describe('Kubernetes manifests', () => {
  it.each(manifests.map(({ file, manifest }) => [`${file}: ${manifest.kind} ${manifest.metadata.name}`, manifest]))(
    '%s is valid against the API schema',
    (_name, manifest) => {
      const Model = models[`${manifest.apiVersion} ${manifest.kind}`];
      expect(Model, `no schema for ${manifest.apiVersion} ${manifest.kind}`).toBeDefined();
      expect(() => new Model!(manifest as never).validate()).not.toThrow();
    },
  );

  it('the schema check catches a bad manifest (it is not a check that cannot fail)', () => {
    const deployment = structuredClone(one<Deployment>('Deployment'));
    deployment.spec!.replicas = 'two' as never;
    expect(() => new Deployment(deployment).validate()).toThrow(/replicas must be integer/);
  });

  it('the ConfigMap sets only variables the server reads, to values it accepts', () => {
    const config = one<ConfigMap>('ConfigMap');
    const names = Object.keys(config.data ?? {});
    expect(names.filter((name) => !readVariableNames.includes(name))).toEqual([]);
    expect(() => readConfig(config.data ?? {})).not.toThrow();
  });

  it('the pods: non-root, read-only root, a writable temp volume, probes on /readyz and /healthz, sized', () => {
    const deployment = one<Deployment>('Deployment');
    const pod = deployment.spec!.template.spec!;
    const container = pod.containers[0]!;
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 10001 });
    expect(container.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false });
    const temp = readConfig(one<ConfigMap>('ConfigMap').data ?? {}).tempDir;
    const mount = container.volumeMounts?.find((volume) => temp.startsWith(volume.mountPath));
    expect(mount, `a volume holding ${temp}`).toBeDefined();
    expect(pod.volumes?.find((volume) => volume.name === mount!.name)?.emptyDir).toBeDefined();
    expect(container.readinessProbe?.httpGet?.path).toBe('/readyz');
    expect(container.livenessProbe?.httpGet?.path).toBe('/healthz');
    expect(container.resources?.requests).toMatchObject({ cpu: expect.any(String), memory: expect.any(String) });
    expect(container.resources?.limits?.['memory']).toBeDefined();
    expect(container.envFrom?.[0]?.configMapRef?.name).toBe('paperknife');
    const env = Object.fromEntries((container.env ?? []).map((variable) => [variable.name, variable]));
    expect(env['PAPERKNIFE_REPLICA_ID']?.valueFrom?.fieldRef?.fieldPath).toBe('metadata.name');
    expect(env['PAPERKNIFE_DATABASE_URL']?.valueFrom?.secretKeyRef).toBeDefined();
    expect(env['PAPERKNIFE_REDIS_URL']?.valueFrom?.secretKeyRef).toBeDefined();
    // Drain (the ConfigMap's delay) and the longest job fit in the grace period.
    const delayS = Number(one<ConfigMap>('ConfigMap').data?.['PAPERKNIFE_SHUTDOWN_DELAY_S']);
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(delayS + 120);
  });

  it('the Service, autoscaler and disruption budget all point at those pods', () => {
    const deployment = one<Deployment>('Deployment');
    const labels = deployment.spec!.template.metadata!.labels!;
    expect(deployment.spec!.selector.matchLabels).toEqual(labels);
    expect(one<Service>('Service').spec!.selector).toEqual(labels);
    // A job's follow-up requests must reach the pod holding it: each client stays on one pod for longer than a
    // job and its result's expiry.
    expect(one<Service>('Service').spec!.sessionAffinity).toBe('ClientIP');
    const jobLifetimeS = defaultLimits.jobTimeoutMs / 1000 + TEMP_SWEEP_AGE_MINUTES * 60;
    expect(one<Service>('Service').spec!.sessionAffinityConfig!.clientIP!.timeoutSeconds).toBeGreaterThanOrEqual(
      jobLifetimeS,
    );
    expect(one<PodDisruptionBudget>('PodDisruptionBudget').spec!.selector!.matchLabels).toEqual(labels);
    const autoscaler = one<HorizontalPodAutoscaler>('HorizontalPodAutoscaler');
    expect(autoscaler.spec!.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: deployment.metadata!.name });
    expect(autoscaler.spec!.minReplicas).toBeGreaterThanOrEqual(2);
    expect(['paperknife-postgres', 'paperknife-redis'].map((name) => one<Service>('Service', name).spec!.type)).toEqual(
      ['ExternalName', 'ExternalName'],
    );
  });
});
