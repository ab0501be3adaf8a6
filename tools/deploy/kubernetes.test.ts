// The Kubernetes deployment (tools/deploy/kubernetes/): every manifest checked against
// Kubernetes' own schema (kubernetes-models: validators generated from Kubernetes' OpenAPI
// document), and what running the portal needs of it: replicas, the image by digest, a non-root
// user and the pod's other hardening, a read-only root filesystem with memory-backed folders for
// what nginx writes, its workers for the CPU limit, probes on /healthz, requests and limits, the
// Service on the pods' port, the NetworkPolicy around the pods, and the environment's
// config.json from the ConfigMap, which the server block's generator accepts. Kubernetes' schema lets unknown fields
// pass (the API server warns of them): the fields the portal relies on are read here by name, so
// a misspelt one fails. Where a cluster answers, the manifests also go through its own server-side
// dry run; none runs here.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigMap, Service } from 'kubernetes-models/v1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { problemsOf } from './nginx-conf.ts';

const FOLDER = 'tools/deploy/kubernetes';
const MODELS = {
  'v1/ConfigMap': ConfigMap,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
};
const SETTINGS = readFileSync('tools/deploy/container-settings.envsh', 'utf8');
const DOCKERFILE = readFileSync('Dockerfile', 'utf8');
// Parsed YAML, walked by field name.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Manifest = any;

const manifests: Manifest[] = readdirSync(FOLDER)
  .filter((name) => name.endsWith('.yaml'))
  .flatMap((name) => parseAllDocuments(readFileSync(join(FOLDER, name), 'utf8')).map((document) => ({ file: name, ...document.toJS() })));
const only = (kind: string) => {
  const found = manifests.filter((manifest) => manifest.kind === kind);
  expect(found, kind).toHaveLength(1);
  return found[0];
};

/** Kubernetes' schema for the manifest's apiVersion and kind: throws, naming every violation, when it breaks it. */
function validate({ file, ...manifest }: Manifest) {
  const Model = MODELS[`${manifest.apiVersion}/${manifest.kind}` as keyof typeof MODELS];
  if (!Model) throw new Error(`${file}: no schema known here for ${manifest.apiVersion} ${manifest.kind}`);
  new Model(manifest).validate();
}

describe('the Kubernetes deployment', () => {
  it('is a Deployment, a Service, a ConfigMap and a NetworkPolicy, each valid against Kubernetes’ own schema', () => {
    expect(manifests.map((manifest) => manifest.kind).sort()).toEqual(['ConfigMap', 'Deployment', 'NetworkPolicy', 'Service']);
    for (const manifest of manifests) expect(() => validate(manifest), manifest.file).not.toThrow();
  });

  it('is checked by a validator that refuses what Kubernetes would (a count as text, a quantity that is none)', () => {
    const deployment = only('Deployment');
    expect(() => validate({ ...deployment, spec: { ...deployment.spec, replicas: 'two' } })).toThrow(/replicas must be integer/);
    const [container] = deployment.spec.template.spec.containers;
    const broken = structuredClone(deployment);
    broken.spec.template.spec.containers[0] = { ...container, resources: { limits: { memory: 'lots' } } };
    expect(() => validate(broken)).toThrow(/limits\/memory/);
  });

  it('runs two replicas or more of the image named by its digest, as the image’s unprivileged user, hardened, on a read-only root filesystem', () => {
    const { spec } = only('Deployment');
    expect(spec.replicas).toBeGreaterThanOrEqual(2);
    const pod = spec.template.spec;
    const dockerUser = Number([...DOCKERFILE.matchAll(/^USER (\S+)$/gm)].at(-1)![1]);
    // No token of the cluster's API in the pod, the image's user and group, the runtime's default system call filter.
    expect(pod.automountServiceAccountToken).toBe(false);
    expect(pod.securityContext).toEqual({
      runAsNonRoot: true,
      runAsUser: dockerUser,
      runAsGroup: dockerUser,
      seccompProfile: { type: 'RuntimeDefault' },
    });
    for (const shared of ['hostNetwork', 'hostPID', 'hostIPC', 'shareProcessNamespace']) expect(pod[shared], shared).toBeUndefined();
    expect(pod.containers).toHaveLength(1);
    expect(pod.containers[0].image).toMatch(/^[\w.-]+(?::\d+)?\/[\w./-]+@sha256:[0-9a-f]{64}$/);
    expect(pod.containers[0].securityContext).toEqual({
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
    });
  });

  it('runs one nginx worker for each CPU of the container’s limit', () => {
    const [container] = only('Deployment').spec.template.spec.containers;
    const workers = container.env.find((variable: Manifest) => variable.name === 'WORKER_PROCESSES');
    expect(workers.valueFrom.resourceFieldRef).toEqual({ containerName: container.name, resource: 'limits.cpu', divisor: '1' });
    expect(SETTINGS).toContain('PORTAL_WORKER_PROCESSES=${WORKER_PROCESSES:-auto}');
  });

  it('lets the pods be reached from the ingress controller only, and reach only DNS and the API', () => {
    const policy = only('NetworkPolicy');
    expect(policy.spec.podSelector.matchLabels).toEqual(only('Deployment').spec.selector.matchLabels);
    expect(policy.spec.policyTypes.sort()).toEqual(['Egress', 'Ingress']);
    expect(policy.spec.ingress).toHaveLength(1);
    expect(policy.spec.ingress[0].ports).toEqual([{ port: 'http', protocol: 'TCP' }]);
    const [dns, api] = policy.spec.egress;
    expect(policy.spec.egress).toHaveLength(2);
    expect(dns.ports.map((port: Manifest) => port.port)).toEqual([53, 53]);
    expect(dns.to[0].podSelector.matchLabels).toEqual({ 'k8s-app': 'kube-dns' });
    const upstream = new URL(only('Deployment').spec.template.spec.containers[0].env.find((v: Manifest) => v.name === 'API_UPSTREAM').value);
    expect(api.ports).toEqual([{ port: Number(upstream.port || 443), protocol: 'TCP' }]);
    expect(api.to[0].ipBlock.cidr).toMatch(/^\d+\.\d+\.\d+\.\d+\/\d+$/);
  });

  it('gives nginx memory-backed folders for the server block it writes as it starts and for its pid and temporary files', () => {
    const pod = only('Deployment').spec.template.spec;
    const mounts = Object.fromEntries(pod.containers[0].volumeMounts.map((mount: Manifest) => [mount.mountPath, mount.name]));
    const volumes = Object.fromEntries(pod.volumes.map((volume: Manifest) => [volume.name, volume]));
    // Where the image fills its templates in (nginx.conf includes the worker count from there).
    const blockFolder = /include (\S+)\/portal-main\/\*\.conf;/.exec(DOCKERFILE)![1]!;
    for (const folder of [blockFolder, '/tmp']) expect(volumes[mounts[folder]]?.emptyDir, folder).toMatchObject({ medium: 'Memory' });
  });

  it('takes the environment’s config.json from the ConfigMap, where the image serves it, and the server block’s generator accepts it', () => {
    const pod = only('Deployment').spec.template.spec;
    const configMap = only('ConfigMap');
    const configFile = /portal_config="\$\{PORTAL_CONFIG_FILE:-(\S+)\}"/.exec(SETTINGS)![1]!;
    const root = configFile.replace(/\/config\.json$/, '');
    const mount = pod.containers[0].volumeMounts.find((m: Manifest) => m.mountPath === configFile);
    expect(mount).toMatchObject({ subPath: 'config.json', readOnly: true });
    expect(pod.volumes.find((v: Manifest) => v.name === mount.name)).toEqual({ name: mount.name, configMap: { name: configMap.metadata.name } });
    const config = JSON.parse(configMap.data['config.json']);
    // A CSP report path must lead somewhere: nginx answers every path but /api/ itself.
    if (config.cspReportUrl) expect(config.cspReportUrl).toMatch(/^\/api\//);
    const apiUpstream = pod.containers[0].env.find((variable: Manifest) => variable.name === 'API_UPSTREAM')?.value;
    expect(problemsOf({ config, root, listen: '8080', apiUpstream })).toEqual([]);
  });

  it('is ready, and alive, while nginx answers /healthz on the image’s port, and has requests and limits', () => {
    const [container] = only('Deployment').spec.template.spec.containers;
    const exposed = Number(/^EXPOSE (\d+)$/m.exec(readFileSync('Dockerfile', 'utf8'))![1]);
    const port = container.ports.find((p: Manifest) => p.containerPort === exposed);
    expect(port?.name).toBeDefined();
    for (const probe of [container.readinessProbe, container.livenessProbe]) expect(probe.httpGet).toEqual({ path: '/healthz', port: port.name });
    for (const kind of ['requests', 'limits']) expect(Object.keys(container.resources[kind]).sort(), kind).toEqual(['cpu', 'memory']);
  });

  it('has a Service that selects the Deployment’s pods and sends to their port', () => {
    const deployment = only('Deployment');
    const service = only('Service');
    expect(service.spec.selector).toEqual(deployment.spec.selector.matchLabels);
    expect(deployment.spec.template.metadata.labels).toMatchObject(service.spec.selector);
    const names = deployment.spec.template.spec.containers[0].ports.map((p: Manifest) => p.name);
    for (const port of service.spec.ports) expect(names).toContain(port.targetPort);
  });

  it('is accepted by a cluster’s own server-side dry run', (context) => {
    const cluster = spawnSync('kubectl', ['cluster-info'], { encoding: 'utf8', timeout: 15_000 });
    if (cluster.status !== 0) {
      // Said on the console too: the summary only counts skipped tests.
      const why = `no Kubernetes cluster answers here (${(cluster.stderr || cluster.error?.message || 'no kubectl').trim().split('\n').at(-1)})`;
      console.info(`tools/deploy/kubernetes.test.ts: the server-side dry run was skipped: ${why}`);
      context.skip(why);
    }
    const applied = spawnSync('kubectl', ['apply', '--dry-run=server', '--validate=strict', '-f', FOLDER], { encoding: 'utf8', timeout: 60_000 });
    expect(applied.status, applied.stderr).toBe(0);
  });
});
