import { expect, request as newRequest, test } from "@playwright/test";

// The JSON API over real HTTP against the production server, as a script would use it.

test("a read without a session answers empty and creates nothing; the first write makes the guest", async ({ baseURL }) => {
  const api = await newRequest.newContext({ baseURL });
  const res = await api.get("/api/threads");
  expect(res.status()).toBe(200);
  expect(res.headers()["set-cookie"]).toBeUndefined();
  expect(await res.json()).toEqual({ threads: [] });
  const created = await api.post("/api/threads");
  expect(created.status()).toBe(201);
  const cookie = created.headers()["set-cookie"] ?? "";
  expect(cookie).toMatch(/lrc_session=/);
  expect(cookie.toLowerCase()).toContain("httponly");
  expect((await (await api.get("/api/threads")).json()).threads).toHaveLength(1);
  await api.dispose();
});

test("a forged session cookie is worthless: reads see nothing, a write gets a new guest", async ({ baseURL }) => {
  const api = await newRequest.newContext({ baseURL, extraHTTPHeaders: { cookie: "lrc_session=someone.forged" } });
  const res = await api.get("/api/threads");
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ threads: [] });
  expect(res.headers()["set-cookie"]).toBeUndefined();
  const created = await api.post("/api/threads");
  expect(created.headers()["set-cookie"] ?? "").toMatch(/lrc_session=/);
  await api.dispose();
});

test("threads: create, list, rename, delete; another user's thread is a 404", async ({ request, baseURL }) => {
  const created = await request.post("/api/threads", { data: { title: "API thread" } });
  expect(created.status()).toBe(201);
  const { id } = await created.json();
  expect((await (await request.get("/api/threads")).json()).threads[0]).toMatchObject({ id, title: "API thread" });
  const renamed = await request.patch(`/api/threads/${id}`, { data: { title: "Renamed" } });
  expect((await renamed.json()).thread.title).toBe("Renamed");

  const stranger = await newRequest.newContext({ baseURL });
  expect((await stranger.get(`/api/threads/${id}`)).status()).toBe(404);
  expect((await stranger.get(`/api/threads/${id}/messages`)).status()).toBe(404);
  expect((await stranger.patch(`/api/threads/${id}`, { data: { title: "mine" } })).status()).toBe(404);
  expect((await stranger.delete(`/api/threads/${id}`)).status()).toBe(404);
  expect(
    (await stranger.post("/api/chat", { data: { id, message: { role: "user", parts: [{ type: "text", text: "hi" }] } } })).status(),
  ).toBe(404);
  await stranger.dispose();

  expect((await request.delete(`/api/threads/${id}`)).status()).toBe(204);
  expect((await request.get(`/api/threads/${id}`)).status()).toBe(404);
});

test("bad input answers 400/413/404 with a message naming the field, and loses nothing", async ({ request }) => {
  const { id } = await (await request.post("/api/threads")).json();
  const badJson = await request.post("/api/chat", { headers: { "content-type": "application/json" }, data: Buffer.from("{not json") });
  expect(badJson.status()).toBe(400);
  expect((await badJson.json()).error.code).toBe("bad_json");

  const noParts = await request.post("/api/chat", { data: { id, message: { role: "user" } } });
  expect(noParts.status()).toBe(400);
  expect((await noParts.json()).error.message).toContain("message");

  const badTitle = await request.patch(`/api/threads/${id}`, { data: { title: "" } });
  expect(badTitle.status()).toBe(400);
  expect((await badTitle.json()).error.message).toContain('"title"');

  const huge = "x".repeat(100_001);
  const tooBig = await request.post("/api/chat", { data: { id, message: { role: "user", parts: [{ type: "text", text: huge }] } } });
  expect(tooBig.status()).toBe(413);

  const unknown = await request.post("/api/chat", {
    data: { id: "nosuchthread", message: { role: "user", parts: [{ type: "text", text: "hi" }] } },
  });
  expect(unknown.status()).toBe(404);

  const badCursor = await request.get(`/api/threads/${id}/messages?before=abc`);
  expect(badCursor.status()).toBe(400);

  // Nothing was stored by the rejected requests, and the thread still works.
  expect((await (await request.get(`/api/threads/${id}/messages`)).json()).messages).toEqual([]);
  const ok = await request.post("/api/chat", {
    headers: { "accept-encoding": "gzip, deflate, br" },
    data: { id, message: { role: "user", parts: [{ type: "text", text: "hello" }] } },
  });
  expect(ok.status()).toBe(200);
  // The reply streams as it is, never compressed (each word is flushed at once).
  expect(ok.headers()["content-encoding"]).toBeUndefined();
  expect(ok.headers()["cache-control"]).toContain("no-transform");
  await ok.text();
  await expect.poll(async () => (await (await request.get(`/api/threads/${id}/messages`)).json()).messages.length).toBe(2);
});

test("messages page with a cursor, oldest first within the page", async ({ request }) => {
  const { id } = await (await request.post("/api/threads")).json();
  for (const text of ["one", "two", "three"]) {
    const res = await request.post("/api/chat", { data: { id, message: { role: "user", parts: [{ type: "text", text }] } } });
    await res.text();
  }
  await expect.poll(async () => (await (await request.get(`/api/threads/${id}/messages`)).json()).messages.length).toBe(6);
  const page = await (await request.get(`/api/threads/${id}/messages?limit=2`)).json();
  expect(page.messages.map((m: { role: string }) => m.role)).toEqual(["user", "assistant"]);
  expect(page.messages[0].text).toBe("three");
  const older = await (await request.get(`/api/threads/${id}/messages?limit=2&before=${page.nextCursor}`)).json();
  expect(older.messages[0].text).toBe("two");
});
