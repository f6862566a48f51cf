// SPDX-License-Identifier: GPL-2.0-only
//
// Writes the X-Wing differential cases for tests/mlkem (suite_xwing.c):
//   node xwing_cases.mjs NODE_MODULES_DIR COUNT > cases.txt
// Inputs come from SHAKE-256 over a fixed label, so every run writes the
// same file; the outputs are @noble/post-quantum's X-Wing (its hybrid.js,
// draft-connolly-cfrg-xwing-kem).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [modules, countArg] = process.argv.slice(2);
const count = Number(countArg || 1000);
const { XWing } = await import(pathToFileURL(
	join(modules, '@noble/post-quantum/hybrid.js')).href);
const pkg = JSON.parse(readFileSync(
	join(modules, '@noble/post-quantum/package.json'), 'utf8'));

// 32 (sk) + 64 (eseed) + 2 (position) + 1 (xor) bytes per case
const per = 99;
const stream = createHash('shake256', { outputLength: per * count })
	.update('vgcrypto X-Wing differential against @noble/post-quantum')
	.digest();
const hex = (b) => Buffer.from(b).toString('hex');
const sha3 = (b) => createHash('sha3-256').update(b).digest('hex');

const out = [`# @noble/post-quantum ${pkg.version} X-Wing, ${count} cases`];
for (let i = 0, off = 0; i < count; i++, off += per) {
	const sk = Uint8Array.from(stream.subarray(off, off + 32));
	const eseed = Uint8Array.from(stream.subarray(off + 32, off + 96));
	// the corrupted byte: in ct_M (implicit rejection) for most, in
	// ct_X (another X25519 secret) for every fourth
	const pos = i % 4 === 3 ? 1088 + stream.readUInt16LE(off + 96) % 32 :
		stream.readUInt16LE(off + 96) % 1088;
	const x = (stream[off + 98] % 255) + 1;
	// copies: noble wipes the randomness it is given
	const { publicKey, secretKey } = XWing.keygen(Uint8Array.from(sk));
	const { cipherText, sharedSecret } =
		XWing.encapsulate(publicKey, Uint8Array.from(eseed));
	const back = XWing.decapsulate(cipherText, secretKey);
	if (hex(back) !== hex(sharedSecret))
		throw new Error(`noble round trip failed: case ${i}`);
	const bad = Uint8Array.from(cipherText);
	bad[pos] ^= x;
	let rej;
	try {
		rej = hex(XWing.decapsulate(bad, secretKey));
	} catch (e) {
		rej = 'refused';	// a ct_X of small order
	}
	out.push([hex(sk), hex(eseed), pos, x, sha3(publicKey),
		sha3(cipherText), hex(sharedSecret), rej].join(' '));
}
process.stdout.write(out.join('\n') + '\n');
