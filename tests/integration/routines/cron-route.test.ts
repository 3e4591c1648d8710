import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { provision, testDatabases, type Provisioned } from "../support/databases";
import { resetConfigForTests } from "@/tests/support/config";
import { GET } from "@/app/api/cron/routines/route";

vi.mock("next/server", async (original) => (await import("../support/after-stub")).withAfterStub(original));
import { newRoutine } from "./support/routine-helpers";

const SECRET = "cron-secret-for-tests-0123456789";
const call = (authorization?: string) =>
  GET(new Request("http://app.test/api/cron/routines", { headers: authorization ? { authorization } : {} }), {
    params: Promise.resolve({}),
  });

// The route handler itself, with CRON_SECRET set as on a serverless deployment.
describe.each(testDatabases())("GET /api/cron/routines on $name", (target) => {
  let env: Provisioned;
  let userId: string;
  beforeAll(async () => {
    process.env.CRON_SECRET = SECRET;
    resetConfigForTests();
    env = await provision(target);
    userId = (await env.db.user.create({ data: {} })).id;
  });
  afterAll(async () => {
    delete process.env.CRON_SECRET;
    resetConfigForTests();
    await env?.drop();
  });

  it("refuses a missing, wrong or differently-cased secret and claims nothing", async () => {
    const r = await newRoutine(userId, { name: "guarded" });
    await env.db.routine.update({ where: { id: r.id }, data: { nextRunAt: new Date(Date.now() - 60_000) } });
    for (const header of [undefined, "Bearer wrong", `bearer ${SECRET}`, SECRET, `Bearer ${SECRET}x`]) {
      const res = await call(header);
      expect(res.status).toBe(401);
      expect((await res.json()).error.code).toBe("unauthorized");
    }
    expect(await env.db.routineRun.count({ where: { routineId: r.id } })).toBe(0);
    await env.db.routine.update({ where: { id: r.id }, data: { enabled: false } });
  });

  it("with the secret, claims the due run and starts it", async () => {
    const r = await newRoutine(userId, { name: "due" });
    await env.db.routine.update({ where: { id: r.id }, data: { nextRunAt: new Date(Date.now() - 60_000) } });
    const res = await call(`Bearer ${SECRET}`);
    expect(res.status).toBe(200);
    const json = await res.json();
    expect(json.runs).toContainEqual(expect.objectContaining({ routineId: r.id, status: "queued" }));
    await expect
      .poll(async () => (await env.db.routineRun.findFirst({ where: { routineId: r.id } }))?.status, { timeout: 20_000 })
      .toBe("succeeded");
  });

  it("the same request sent again, even at the same moment, starts the due run once", async () => {
    const r = await newRoutine(userId, { name: "replayed" });
    await env.db.routine.update({ where: { id: r.id }, data: { nextRunAt: new Date(Date.now() - 60_000) } });
    const answers = await Promise.all([call(`Bearer ${SECRET}`), call(`Bearer ${SECRET}`)]);
    const later = await call(`Bearer ${SECRET}`);
    const claimed = [...answers, later].map(async (res) => {
      expect(res.status).toBe(200);
      return ((await res.json()).runs as Array<{ routineId: string }>).filter((run) => run.routineId === r.id).length;
    });
    expect((await Promise.all(claimed)).reduce((a, b) => a + b)).toBe(1);
    await expect
      .poll(async () => (await env.db.routineRun.findMany({ where: { routineId: r.id } })).map((run) => run.status), { timeout: 20_000 })
      .toEqual(["succeeded"]);
  });
});
