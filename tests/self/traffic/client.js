// The client application of the traffic self test: plays a session of steps (session.ts) with fetch.
window.playSession = async ({ steps, tokens }) => {
  const ids = {};
  const fill = (text) => text.replace(/\$(attachment|fiscal)/g, (_, name) => ids[name] ?? 'none');
  const multipart = (files) => {
    // Built as bytes, not FormData: Chromium's HAR leaves out the body of Blob-backed file parts.
    const boundary = `ClientBoundary${Math.random().toString(16).slice(2)}`;
    const parts = files.map(
      (file) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n${file.text ?? 'a'.repeat(file.size ?? 0)}\r\n`,
    );
    return {
      type: `multipart/form-data; boundary=${boundary}`,
      body: new TextEncoder().encode(`${parts.join('')}--${boundary}--\r\n`),
    };
  };
  const call = async (step) => {
    if (step.pauseMs) await new Promise((resolve) => setTimeout(resolve, step.pauseMs));
    const headers = {};
    let path = fill(step.path);
    if (step.tokenInQuery)
      path += `${path.includes('?') ? '&' : '?'}access_token=${tokens[step.as ?? 'seller']}`;
    else if (step.as) headers.authorization = `Bearer ${tokens[step.as]}`;
    let body;
    if (step.json !== undefined) {
      const extra = step.attachments ? { attachments: Array(step.attachments).fill(ids.attachment) } : {};
      headers['content-type'] = 'application/json';
      body = JSON.stringify({ ...step.json, ...extra });
    }
    if (step.files) {
      const form = multipart(step.files);
      headers['content-type'] = form.type;
      body = form.body;
    }
    const res = await fetch(path, { method: step.method, headers, body });
    const answer = await res.json().catch(() => ({}));
    if (step.files?.[0].field === 'file' && answer.id) ids.attachment ??= answer.id;
    if (answer.ids?.[0]) ids.fiscal ??= answer.ids[0];
  };
  for (const step of steps) {
    if (step.together) await Promise.all(step.together.map(call));
    else await call(step);
  }
};
