import { DuckDBInstance } from '@duckdb/node-api';
import { rmSync } from 'node:fs';
const file = '/tmp/dbg2.duckdb'; rmSync(file, { force: true });
let i = await DuckDBInstance.create(file); let c = await i.connect();
await c.run("CREATE TABLE nodes (id INTEGER, name VARCHAR)"); await c.run("INSERT INTO nodes VALUES (1,'a')");
await c.run("CREATE INDEX nodes_id ON nodes (id)");
c.closeSync(); i.closeSync();
i = await DuckDBInstance.create(file); c = await i.connect();
const steps = process.argv.slice(2);
for (const s of steps) { console.log(s); await c.run(s); }
console.log((await c.runAndReadAll("SELECT * FROM duckdb_indexes()")).getRowObjects().length);
