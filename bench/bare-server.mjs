// The bare upper bound for the benchmarks: node:http answering one static JSON body.
import { createServer } from 'node:http';

const body = Buffer.from(process.env.BARE_BODY ?? '{}');
createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  });
  response.end(body);
}).listen(Number(process.argv[2] ?? 4300), '127.0.0.1');
