#!/usr/bin/env python3
"""The Kubernetes manifests in deploy/kubernetes/, checked without a cluster:
   LAYOUTLAB=.build/release/layoutlab Tests/Deploy/kubernetes-manifest.py

1. Every file parses as YAML (PyYAML). The sweep is an Indexed Job whose completions and parallelism
   agree; its pods and the merge's mount the claim that results-claim.yaml defines, ReadWriteMany.
2. Its pods run as the kubelet would run them: the container's command as given, with the container's
   env, JOB_COMPLETION_INDEX 0…N-1 (set by the Job controller) and `layoutlab` on PATH, in an empty
   working directory. Each volume is a folder in a temporary directory, standing in for its mount
   path: the ConfigMaps hold what the `kubectl create configmap` lines in the manifests' comments put
   there (the regular files of a folder, no subfolders), projected as the volume says. `layoutlab` is
   a wrapper that records its arguments and runs LAYOUTLAB.
3. Each pod passed --shard env/N with N = completions, and wrote its shard database, shard I of N,
   at the path the command names, under the results volume's mount, and nothing outside the volumes.
   A pod run again (a restart) exits 0 and adds no run.
4. The merge Job's command, run the same way, writes results.db under the results mount, and it holds
   the unsharded run (Tests/Deploy/same-run.py).
Without LAYOUTLAB, `swift build -c release --product layoutlab` builds the executable. Exits 1 with
the reason on the first failed check."""
import glob
import json
import os
import re
import shlex
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
started = time.monotonic()


def say(text):
    print(f"[{time.monotonic() - started:5.1f}s] {text}", flush=True)


def fail(text):
    print(f"kubernetes-manifest.py: FAILED: {text}", file=sys.stderr, flush=True)
    sys.exit(1)


def check(condition, text):
    if not condition:
        fail(text)


try:
    import yaml
except ImportError:
    fail("needs PyYAML (python3 -m pip install pyyaml)")


def executable():
    path = os.environ.get("LAYOUTLAB")
    if path:
        check(os.access(path, os.X_OK), f"LAYOUTLAB={path} is not an executable")
        say(f"layoutlab: {os.path.abspath(path)} (LAYOUTLAB; nothing built)")
        return os.path.abspath(path)
    say("building layoutlab: swift build -c release --product layoutlab")
    if subprocess.run(["swift", "build", "-c", "release", "--product", "layoutlab"], cwd=REPO).returncode != 0:
        fail("swift build failed")
    return str(REPO / ".build/release/layoutlab")


def pod_spec(job):
    return job["spec"]["template"]["spec"]


def container(job):
    containers = pod_spec(job)["containers"]
    check(len(containers) == 1, f"{job['metadata']['name']}: expected one container, found {len(containers)}")
    return containers[0]


def volumes_of(job):
    """mount path -> (volume name, volume) for the job's one container."""
    volumes = {v["name"]: v for v in pod_spec(job).get("volumes", [])}
    mounts = {}
    for m in container(job).get("volumeMounts", []):
        check(m["name"] in volumes, f"{job['metadata']['name']}: volumeMount {m['name']} names no volume")
        mounts[m["mountPath"]] = (m["name"], volumes[m["name"]])
    return mounts


def configmap_sources(texts):
    """ConfigMap name -> folder, from the `kubectl create configmap NAME --from-file=DIR` lines in comments."""
    sources = {}
    for text in texts:
        for name, folder in re.findall(r"kubectl create configmap (\S+) --from-file=(\S+)", text):
            sources[name] = REPO / folder
    return sources


def configmap_keys(folder):
    """What `kubectl create configmap --from-file=FOLDER` stores: each regular file directly in it, by name."""
    return {p.name: p for p in sorted(folder.iterdir()) if p.is_file() and not p.is_symlink()}


def project_configmap(source, keys, into, what):
    items = source.get("items")
    if items is None:
        for key, path in keys.items():
            (into / key).write_bytes(path.read_bytes())
        return
    # Items name the keys one by one: a file added to the folder must be added to them too.
    missing = sorted(set(keys) - {item["key"] for item in items})
    check(not missing, f"{what}: ConfigMap {source['name']} has keys its items leave out of the pods: {missing}")
    for item in items:
        check(item["key"] in keys, f"{what}: key {item['key']} is not in the ConfigMap (the pod would not start)")
        target = into / item["path"]
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(keys[item["key"]].read_bytes())


def lay_out_volume(volume, folder, configmaps, claims, what):
    """Fills FOLDER as the kubelet would mount VOLUME; a claim's folder is shared between pods."""
    folder.mkdir(parents=True, exist_ok=True)
    sources = []
    if "configMap" in volume:
        sources = [volume["configMap"]]
    elif "projected" in volume:
        sources = [s["configMap"] for s in volume["projected"]["sources"] if "configMap" in s]
        check(len(sources) == len(volume["projected"]["sources"]), f"{what}: only ConfigMap sources are laid out here")
    elif "persistentVolumeClaim" in volume:
        name = volume["persistentVolumeClaim"]["claimName"]
        check(name in claims, f"{what}: claim {name} is defined by no manifest in deploy/kubernetes/")
        return
    else:
        fail(f"{what}: a volume of a kind this test does not lay out: {sorted(volume)}")
    for source in sources:
        check(source["name"] in configmaps, f"{what}: ConfigMap {source['name']} is created by no `kubectl create configmap` line in the manifests")
        project_configmap(source, configmap_keys(configmaps[source["name"]]), folder, what)


def mapper(mounts):
    """A function that rewrites each mount path at the start of a path to its folder, and its inverse."""
    order = sorted(mounts, key=len, reverse=True)

    def to_host(text):
        for path in order:
            text = re.sub(re.escape(path) + r"(?=/|$|[\"'\s])", str(mounts[path]), text)
        return text

    def to_pod(text):
        for path in order:
            folder = str(mounts[path])
            if text == folder or text.startswith(folder + "/"):
                return path + text[len(folder):]
        return None

    return to_host, to_pod


def run_pod(job, mounts, bindir, workdir, log, extra_env):
    """Runs the container's command as the kubelet does; returns (exit status, argv lists recorded, output)."""
    c = container(job)
    to_host, _ = mapper(mounts)
    env = {"PATH": f"{bindir}:/usr/local/bin:/usr/bin:/bin", "HOME": str(workdir), "HOSTNAME": extra_env.pop("HOSTNAME", "pod")}
    for e in c.get("env", []):
        check("value" in e, f"{job['metadata']['name']}: env {e['name']} is not a plain value")
        env[e["name"]] = to_host(str(e["value"]))
    env.update(extra_env)
    command = [to_host(part) for part in c.get("command", []) + c.get("args", [])]
    check(command, f"{job['metadata']['name']}: the container has no command (the image's entrypoint is not known here)")
    workdir.mkdir(parents=True, exist_ok=True)
    if log.exists():
        log.unlink()
    process = subprocess.run(command, cwd=workdir, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=300)
    recorded = [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []
    return process.returncode, recorded, process.stdout


def option(argv, name):
    check(name in argv, f"no {name} in the command's arguments {argv}")
    return argv[argv.index(name) + 1]


def runs(path):
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return db.execute("SELECT count(*), min(status), min(shard_index), max(shard_count) FROM runs").fetchone()
    finally:
        db.close()


def main():
    files = sorted(glob.glob(str(REPO / "deploy/kubernetes/*.yaml")))
    check(files, "no manifests in deploy/kubernetes/")
    texts, documents = [], []
    for f in files:
        text = Path(f).read_text()
        texts.append(text)
        try:
            documents += [(Path(f).name, d) for d in yaml.safe_load_all(text) if d is not None]
        except yaml.YAMLError as error:
            fail(f"{f} is not YAML: {error}")
    say(f"parsed {len(files)} manifests: " + ", ".join(f"{name} ({d['kind']} {d['metadata']['name']})" for name, d in documents))
    jobs = [d for _, d in documents if d.get("apiVersion") == "batch/v1" and d.get("kind") == "Job"]
    claims = {d["metadata"]["name"]: d for _, d in documents if d.get("kind") == "PersistentVolumeClaim"}
    indexed = [j for j in jobs if j["spec"].get("completionMode") == "Indexed"]
    check(len(indexed) == 1, f"expected one Indexed Job (batch/v1, completionMode: Indexed), found {len(indexed)}")
    sweep = indexed[0]
    merges = [j for j in jobs if j is not sweep]
    check(len(merges) == 1, f"expected one merge Job beside the Indexed Job, found {len(merges)}")
    merge = merges[0]
    spec = sweep["spec"]
    n = spec.get("completions")
    check(isinstance(n, int) and n >= 1, f"completions must be a positive integer, not {n!r}")
    check(spec.get("parallelism") == n, f"parallelism {spec.get('parallelism')!r} differs from completions {n}")
    check(pod_spec(sweep).get("restartPolicy") in ("OnFailure", "Never"), "a Job's pods restart OnFailure or Never")
    say(f"{sweep['metadata']['name']}: Indexed Job, completions = parallelism = {n}, restartPolicy {pod_spec(sweep)['restartPolicy']}")
    for job in (sweep, merge):
        for e in container(job).get("env", []):
            if e["name"] == "SHARDS":
                check(str(e["value"]) == str(n), f"{job['metadata']['name']}: SHARDS is {e['value']}, completions {n}")
    for mount, (name, volume) in volumes_of(sweep).items():
        if "persistentVolumeClaim" in volume:
            claim = claims.get(volume["persistentVolumeClaim"]["claimName"])
            check(claim is not None, f"claim {volume['persistentVolumeClaim']['claimName']} is defined by no manifest")
            check("ReadWriteMany" in claim["spec"].get("accessModes", []), f"claim {claim['metadata']['name']} must be ReadWriteMany: {n} pods write to it at once")
    configmaps = configmap_sources(texts)
    say("ConfigMaps from the manifests' comments: " + ", ".join(f"{k} <- {v.relative_to(REPO)}/" for k, v in configmaps.items()))
    exe = executable()

    with tempfile.TemporaryDirectory(prefix="layoutlab-k8s.") as tmp:
        tmp = Path(tmp)
        # One folder per claim, shared by every pod and the merge as the claim is; one per other volume of
        # a Job, laid out once, since every pod of it mounts the same ConfigMaps at the same path.
        def folders(job):
            mounts = {}
            for path, (name, volume) in volumes_of(job).items():
                if "persistentVolumeClaim" in volume:
                    folder = tmp / "claims" / volume["persistentVolumeClaim"]["claimName"]
                else:
                    folder = tmp / "volumes" / job["metadata"]["name"] / name
                if not folder.exists():
                    lay_out_volume(volume, folder, configmaps, claims, f"{job['metadata']['name']} volume {name}")
                folder.mkdir(parents=True, exist_ok=True)
                mounts[path] = folder
            return mounts

        bindir, log = tmp / "bin", tmp / "argv.jsonl"
        bindir.mkdir()
        wrapper = bindir / "layoutlab"
        wrapper.write_text(f"""#!{sys.executable}
import json, os, sys
with open({str(log)!r}, "a") as f:
    f.write(json.dumps(sys.argv[1:]) + "\\n")
os.execv({exe!r}, [{exe!r}] + sys.argv[1:])
""")
        wrapper.chmod(0o755)

        experiment = None
        phase = time.monotonic()
        for index in range(n):
            pod = f"{sweep['metadata']['name']}-{index}"
            mounts = folders(sweep)
            _, to_pod = mapper(mounts)
            before = {p: sorted(q.relative_to(f) for q in f.rglob("*")) for p, f in mounts.items() if "claims" not in f.relative_to(tmp).parts}
            workdir = tmp / "pods" / pod / "workdir"
            status, argvs, output = run_pod(sweep, mounts, bindir, workdir, log, {"JOB_COMPLETION_INDEX": str(index), "HOSTNAME": pod})
            check(status == 0, f"pod {index} exited {status}:\n{output[-2000:]}")
            check(len(argvs) == 1, f"pod {index} ran layoutlab {len(argvs)} times")
            argv = argvs[0]
            check(argv[0] == "sweep", f"pod {index} ran `layoutlab {argv[0]}`, not sweep")
            check(option(argv, "--shard") == f"env/{n}", f"pod {index}: --shard {option(argv, '--shard')}, not env/{n} (completions)")
            db = option(argv, "--db")
            in_pod = to_pod(db)
            check(in_pod is not None, f"pod {index}: --db {db} is under no volume mount: the shard would be lost with the pod")
            mount = max((p for p in mounts if in_pod == p or in_pod.startswith(p + "/")), key=len)
            check("persistentVolumeClaim" in volumes_of(sweep)[mount][1], f"pod {index}: --db {in_pod} is on volume {volumes_of(sweep)[mount][0]}, not the claim")
            check(Path(db).is_file(), f"pod {index}: no database at {in_pod} (the command named it)")
            count, state, shard_index, shard_count = runs(db)
            check((count, state, shard_index, shard_count) == (1, "completed", index, n),
                  f"pod {index}: {in_pod} holds {count} run(s), {state}, shard {shard_index}/{shard_count}; expected one completed shard {index}/{n}")
            check(not any(workdir.iterdir()), f"pod {index} wrote outside its volumes: {sorted(p.name for p in workdir.iterdir())}")
            after = {p: sorted(q.relative_to(f) for q in f.rglob("*")) for p, f in mounts.items() if "claims" not in f.relative_to(tmp).parts}
            check(before == after, f"pod {index} wrote into a read-only volume")
            check(experiment in (None, argv[1]), f"pod {index} swept {argv[1]}, pod 0 {experiment}")
            experiment = argv[1]
            say(f"pod {index}: layoutlab sweep {to_pod(argv[1])} --shard env/{n} --db {in_pod}: shard {index}/{n}, completed")
        say(f"{n} pods in {time.monotonic() - phase:.1f} s")

        # A restarted pod (restartPolicy OnFailure, or a rescheduled one) runs the same command again.
        pod = f"{sweep['metadata']['name']}-0"
        mounts = folders(sweep)
        status, argvs, output = run_pod(sweep, mounts, bindir, tmp / "pods" / (pod + "-restarted") / "workdir", log,
                                        {"JOB_COMPLETION_INDEX": "0", "HOSTNAME": pod})
        check(status == 0, f"pod 0 run again exited {status}:\n{output[-2000:]}")
        check(runs(option(argvs[0], "--db"))[0] == 1, "pod 0 run again added a run to its complete shard")
        say("pod 0 run again (a restart): exit 0, its shard still holds one run")

        mounts = folders(merge)
        _, to_pod = mapper(mounts)
        status, argvs, output = run_pod(merge, mounts, bindir, tmp / "pods" / "merge" / "workdir", log, {"HOSTNAME": merge["metadata"]["name"]})
        check(status == 0, f"the merge exited {status}:\n{output[-2000:]}")
        check(len(argvs) == 1 and argvs[0][0] == "merge", f"the merge pod ran {argvs}")
        into = option(argvs[0], "--into")
        check(to_pod(into) is not None and Path(into).is_file(), f"the merge wrote no database at {into} under a volume")
        check(len([a for a in argvs[0][1:] if a.endswith(".db")]) == n + 1, f"the merge did not read {n} shards: {argvs[0]}")
        say(f"merge: layoutlab merge <{n} shards> --into {to_pod(into)}")

        # The unsharded run of the same experiment file, by the same path (runs store it) in an empty folder.
        reference, workdir = tmp / "unsharded.db", tmp / "unsharded"
        workdir.mkdir()
        unsharded = subprocess.run([exe, "sweep", experiment, "--db", str(reference)], cwd=workdir,
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=300)
        check(unsharded.returncode == 0, f"the unsharded sweep failed:\n{unsharded.stdout[-2000:]}")
        same = subprocess.run([sys.executable, str(REPO / "Tests/Deploy/same-run.py"), str(reference), into],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        check(same.returncode == 0, f"the merged run differs from the unsharded run:\n{same.stdout}")
        say(same.stdout.strip())
    print(f"kubernetes-manifest.py: passed in {time.monotonic() - started:.1f} s")


if __name__ == "__main__":
    main()
