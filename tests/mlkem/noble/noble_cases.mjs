// SPDX-License-Identifier: GPL-2.0-only
//
// Writes the differential cases for tests/mlkem (see suite_noble.c):
//   node noble_cases.mjs NODE_MODULES_DIR COUNT_PER_SET > cases.txt
// Inputs come from SHAKE-256 over a fixed label, so every run writes the
// same file; the outputs are @noble/post-quantum's.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [modules, countArg] = process.argv.slice(2);
const count = Number(countArg || 1000);
const mod = await import(pathToFileURL(
	join(modules, '@noble/post-quantum/ml-kem.js')).href);
const pkg = JSON.parse(readFileSync(
	join(modules, '@noble/post-quantum/package.json'), 'utf8'));

const sets = [
	['512', mod.ml_kem512, 768],
	['768', mod.ml_kem768, 1088],
	['1024', mod.ml_kem1024, 1568],
];
// 64 (d || z) + 32 (m) + 2 (position) + 1 (xor) bytes per case
const per = 99;
const stream = createHash('shake256', { outputLength: per * count * 3 })
	.update('vgcrypto ML-KEM differential against @noble/post-quantum')
	.digest();
const hex = (b) => Buffer.from(b).toString('hex');
const sha3 = (b) => createHash('sha3-256').update(b).digest('hex');

const out = [`# @noble/post-quantum ${pkg.version}, ${count} cases per set`];
let off = 0;
for (const [name, kem, ctLen] of sets) {
	for (let i = 0; i < count; i++, off += per) {
		const seed = stream.subarray(off, off + 64);
		const m = stream.subarray(off + 64, off + 96);
		// every eighth case corrupts the first byte, every eighth the
		// last: a comparison that skips either end must be caught
		const pos = i % 8 === 0 ? 0 : i % 8 === 1 ? ctLen - 1 :
			stream.readUInt16LE(off + 96) % ctLen;
		const x = (stream[off + 98] % 255) + 1;
		const { publicKey, secretKey } = kem.keygen(Uint8Array.from(seed));
		const { cipherText, sharedSecret } =
			kem.encapsulate(publicKey, Uint8Array.from(m));
		const back = kem.decapsulate(cipherText, secretKey);
		if (hex(back) !== hex(sharedSecret))
			throw new Error(`noble round trip failed: ${name} case ${i}`);
		const bad = Uint8Array.from(cipherText);
		bad[pos] ^= x;
		const rej = kem.decapsulate(bad, secretKey);
		out.push([name, hex(seed), hex(m), pos, x, sha3(publicKey),
			sha3(secretKey), sha3(cipherText), hex(sharedSecret),
			hex(rej)].join(' '));
	}
}
process.stdout.write(out.join('\n') + '\n');
