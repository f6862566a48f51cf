// SPDX-License-Identifier: GPL-2.0-only
/*
 * RFC 8439 test vectors: sections 2.3.2, 2.4.2, 2.5.2, 2.6.2, 2.8.2 and
 * Appendix A.1-A.5, transcribed from the RFC. Each hex string is one
 * line (the RFC's 16-byte rows joined) so that it can be searched for and
 * compared as a whole. Every check compares exact bytes.
 */
#include "harness.h"

#define SUITE "rfc8439"

/* The plaintexts the RFC prints as text; lengths are checked on use. */
enum text_id { NO_TEXT, SUNSCREEN, IETF, JABBERWOCK, DRAFTS, FORUM };

static const char *const texts[] = {
	[SUNSCREEN] =
	"Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it.",
	[IETF] =
	"Any submission to the IETF intended by the Contributor for publication as all or part of an IETF Internet-Draft or RFC and any statement made within the context of an IETF activity is considered an \"IETF Contribution\". Such statements include oral statements in IETF sessions, as well as written and electronic communications made at any time or place, which are addressed to",
	[JABBERWOCK] =
	"'Twas brillig, and the slithy toves\nDid gyre and gimble in the wabe:\nAll mimsy were the borogoves,\nAnd the mome raths outgrabe.",
	[DRAFTS] =
	"Internet-Drafts are draft documents valid for a maximum of six months and may be updated, replaced, or obsoleted by other documents at any time. It is inappropriate to use Internet-Drafts as reference material or to cite them other than as /\xe2\x80\x9cwork in progress./\xe2\x80\x9d",
	[FORUM] =
	"Cryptographic Forum Research Group",
};

struct block_vec {
	const char *name;
	const char *key, *nonce;
	u32 counter;
	const char *out;
};

static const struct block_vec block_vecs[] = {
	{
		.name = "2.3.2",
		.key =
		"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
		.nonce = "000000090000004a00000000",
		.counter = 1,
		.out =
		"10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4ed2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e",
	},
	{
		.name = "A.1#1",
		.key =
		"0000000000000000000000000000000000000000000000000000000000000000",
		.nonce = "000000000000000000000000",
		.counter = 0,
		.out =
		"76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586",
	},
	{
		.name = "A.1#2",
		.key =
		"0000000000000000000000000000000000000000000000000000000000000000",
		.nonce = "000000000000000000000000",
		.counter = 1,
		.out =
		"9f07e7be5551387a98ba977c732d080dcb0f29a048e3656912c6533e32ee7aed29b721769ce64e43d57133b074d839d531ed1f28510afb45ace10a1f4b794d6f",
	},
	{
		.name = "A.1#3",
		.key =
		"0000000000000000000000000000000000000000000000000000000000000001",
		.nonce = "000000000000000000000000",
		.counter = 1,
		.out =
		"3aeb5224ecf849929b9d828db1ced4dd832025e8018b8160b82284f3c949aa5a8eca00bbb4a73bdad192b5c42f73f2fd4e273644c8b36125a64addeb006c13a0",
	},
	{
		.name = "A.1#4",
		.key =
		"00ff000000000000000000000000000000000000000000000000000000000000",
		.nonce = "000000000000000000000000",
		.counter = 2,
		.out =
		"72d54dfbf12ec44b362692df94137f328fea8da73990265ec1bbbea1ae9af0ca13b25aa26cb4a648cb9b9d1be65b2c0924a66c54d545ec1b7374f4872e99f096",
	},
	{
		.name = "A.1#5",
		.key =
		"0000000000000000000000000000000000000000000000000000000000000000",
		.nonce = "000000000000000000000002",
		.counter = 0,
		.out =
		"c2c64d378cd536374ae204b9ef933fcd1a8b2288b3dfa49672ab765b54ee27c78a970e0e955c14f3a88e741b97c286f75f8fc299e8148362fa198a39531bed6d",
	},
};

/* A message is one of the texts (with its length) or, for NO_TEXT, hex. */
struct stream_vec {
	const char *name;
	const char *key, *nonce;
	u32 counter;
	enum text_id pt_text;
	size_t pt_len;
	const char *pt_hex;
	const char *ct;
};

static const struct stream_vec stream_vecs[] = {
	{
		.name = "2.4.2",
		.key =
		"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
		.nonce = "000000000000004a00000000",
		.counter = 1,
		.pt_text = SUNSCREEN,
		.pt_len = 114,
		.ct =
		"6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0bf91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d807ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab77937365af90bbf74a35be6b40b8eedf2785e42874d",
	},
	{
		.name = "A.2#1",
		.key =
		"0000000000000000000000000000000000000000000000000000000000000000",
		.nonce = "000000000000000000000000",
		.counter = 0,
		.pt_hex =
		"00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
		.ct =
		"76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586",
	},
	{
		.name = "A.2#2",
		.key =
		"0000000000000000000000000000000000000000000000000000000000000001",
		.nonce = "000000000000000000000002",
		.counter = 1,
		.pt_text = IETF,
		.pt_len = 375,
		.ct =
		"a3fbf07df3fa2fde4f376ca23e82737041605d9f4f4f57bd8cff2c1d4b7955ec2a97948bd3722915c8f3d337f7d370050e9e96d647b7c39f56e031ca5eb6250d4042e02785ececfa4b4bb5e8ead0440e20b6e8db09d881a7c6132f420e52795042bdfa7773d8a9051447b3291ce1411c680465552aa6c405b7764d5e87bea85ad00f8449ed8f72d0d662ab052691ca66424bc86d2df80ea41f43abf937d3259dc4b2d0dfb48a6c9139ddd7f76966e928e635553ba76c5c879d7b35d49eb2e62b0871cdac638939e25e8a1e0ef9d5280fa8ca328b351c3c765989cbcf3daa8b6ccc3aaf9f3979c92b3720fc88dc95ed84a1be059c6499b9fda236e7e818b04b0bc39c1e876b193bfe5569753f88128cc08aaa9b63d1a16f80ef2554d7189c411f5869ca52c5b83fa36ff216b9c1d30062bebcfd2dc5bce0911934fda79a86f6e698ced759c3ff9b6477338f3da4f9cd8514ea9982ccafb341b2384dd902f3d1ab7ac61dd29c6f21ba5b862f3730e37cfdc4fd806c22f221",
	},
	{
		.name = "A.2#3",
		.key =
		"1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0",
		.nonce = "000000000000000000000002",
		.counter = 42,
		.pt_text = JABBERWOCK,
		.pt_len = 127,
		.ct =
		"62e6347f95ed87a45ffae7426f27a1df5fb69110044c0d73118effa95b01e5cf166d3df2d721caf9b21e5fb14c616871fd84c54f9d65b283196c7fe4f60553ebf39c6402c42234e32a356b3e764312a61a5532055716ead6962568f87d3f3f7704c6a8d1bcd1bf4d50d6154b6da731b187b58dfd728afa36757a797ac188d1",
	},
};

/* A.3 #5-#11 give R and S separately: the key here is R || S. */
struct poly_vec {
	const char *name;
	const char *key;
	enum text_id msg_text;
	size_t msg_len;
	const char *msg_hex;
	const char *tag;
};

static const struct poly_vec poly_vecs[] = {
	{
		.name = "2.5.2",
		.key =
		"85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b",
		.msg_text = FORUM,
		.msg_len = 34,
		.tag = "a8061dc1305136c6c22b8baf0c0127a9",
	},
	{
		.name = "A.3#1",
		.key =
		"0000000000000000000000000000000000000000000000000000000000000000",
		.msg_hex =
		"00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
		.tag = "00000000000000000000000000000000",
	},
	{
		.name = "A.3#2",
		.key =
		"0000000000000000000000000000000036e5f6b5c5e06070f0efca96227a863e",
		.msg_text = IETF,
		.msg_len = 375,
		.tag = "36e5f6b5c5e06070f0efca96227a863e",
	},
	{
		.name = "A.3#3",
		.key =
		"36e5f6b5c5e06070f0efca96227a863e00000000000000000000000000000000",
		.msg_text = IETF,
		.msg_len = 375,
		.tag = "f3477e7cd95417af89a6b8794c310cf0",
	},
	{
		.name = "A.3#4",
		.key =
		"1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0",
		.msg_text = JABBERWOCK,
		.msg_len = 127,
		.tag = "4541669a7eaaee61e708dc7cbcc5eb62",
	},
	{
		.name = "A.3#5",
		.key =
		"0200000000000000000000000000000000000000000000000000000000000000",
		.msg_hex = "ffffffffffffffffffffffffffffffff",
		.tag = "03000000000000000000000000000000",
	},
	{
		.name = "A.3#6",
		.key =
		"02000000000000000000000000000000ffffffffffffffffffffffffffffffff",
		.msg_hex = "02000000000000000000000000000000",
		.tag = "03000000000000000000000000000000",
	},
	{
		.name = "A.3#7",
		.key =
		"0100000000000000000000000000000000000000000000000000000000000000",
		.msg_hex =
		"fffffffffffffffffffffffffffffffff0ffffffffffffffffffffffffffffff11000000000000000000000000000000",
		.tag = "05000000000000000000000000000000",
	},
	{
		.name = "A.3#8",
		.key =
		"0100000000000000000000000000000000000000000000000000000000000000",
		.msg_hex =
		"fffffffffffffffffffffffffffffffffbfefefefefefefefefefefefefefefe01010101010101010101010101010101",
		.tag = "00000000000000000000000000000000",
	},
	{
		.name = "A.3#9",
		.key =
		"0200000000000000000000000000000000000000000000000000000000000000",
		.msg_hex = "fdffffffffffffffffffffffffffffff",
		.tag = "faffffffffffffffffffffffffffffff",
	},
	{
		.name = "A.3#10",
		.key =
		"0100000000000000040000000000000000000000000000000000000000000000",
		.msg_hex =
		"e33594d7505e43b900000000000000003394d7505e4379cd01000000000000000000000000000000000000000000000001000000000000000000000000000000",
		.tag = "14000000000000005500000000000000",
	},
	{
		.name = "A.3#11",
		.key =
		"0100000000000000040000000000000000000000000000000000000000000000",
		.msg_hex =
		"e33594d7505e43b900000000000000003394d7505e4379cd010000000000000000000000000000000000000000000000",
		.tag = "13000000000000000000000000000000",
	},
};

/* Section 2.8.2 and A.5 show their one-time keys too: checked here. */
struct keygen_vec {
	const char *name;
	const char *key, *nonce;
	const char *otk;
};

static const struct keygen_vec keygen_vecs[] = {
	{
		.name = "2.6.2",
		.key =
		"808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f",
		.nonce = "000000000001020304050607",
		.otk =
		"8ad5a08b905f81cc815040274ab29471a833b637e3fd0da508dbb8e2fdd1a646",
	},
	{
		.name = "2.8.2-otk",
		.key =
		"808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f",
		.nonce = "070000004041424344454647",
		.otk =
		"7bac2b252db447af09b67a55a4e955840ae1d6731075d9eb2a9375783ed553ff",
	},
	{
		.name = "A.4#1",
		.key =
		"0000000000000000000000000000000000000000000000000000000000000000",
		.nonce = "000000000000000000000000",
		.otk =
		"76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7",
	},
	{
		.name = "A.4#2",
		.key =
		"0000000000000000000000000000000000000000000000000000000000000001",
		.nonce = "000000000000000000000002",
		.otk =
		"ecfa254f845f647473d3cb140da9e87606cb33066c447b87bc2666dde3fbb739",
	},
	{
		.name = "A.4#3",
		.key =
		"1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0",
		.nonce = "000000000000000000000002",
		.otk =
		"965e3bc6f9ec7ed9560808f4d229f94b137ff275ca9b3fcbdd59deaad23310ae",
	},
	{
		.name = "A.5-otk",
		.key =
		"1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0",
		.nonce = "000000000102030405060708",
		.otk =
		"bdf04aa95ce4de8995b14bb6a18fecaf26478f50c054f563dbc0a21e261572aa",
	},
};

struct aead_vec {
	const char *name;
	const char *key, *nonce, *ad;
	enum text_id pt_text;
	size_t pt_len;
	const char *pt_hex;
	const char *ct, *tag;
};

static const struct aead_vec aead_vecs[] = {
	{
		.name = "2.8.2",
		.key =
		"808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f",
		.nonce = "070000004041424344454647",
		.ad = "50515253c0c1c2c3c4c5c6c7",
		.pt_text = SUNSCREEN,
		.pt_len = 114,
		.ct =
		"d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d63dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b3692ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc3ff4def08e4b7a9de576d26586cec64b6116",
		.tag = "1ae10b594f09e26a7e902ecbd0600691",
	},
	{
		.name = "A.5",
		.key =
		"1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0",
		.nonce = "000000000102030405060708",
		.ad = "f33388860000000000004e91",
		.pt_text = DRAFTS,
		.pt_len = 265,
		.ct =
		"64a0861575861af460f062c79be643bd5e805cfd345cf389f108670ac76c8cb24c6cfc18755d43eea09ee94e382d26b0bdb7b73c321b0100d4f03b7f355894cf332f830e710b97ce98c8a84abd0b948114ad176e008d33bd60f982b1ff37c8559797a06ef4f0ef61c186324e2b3506383606907b6a7c02b0f9f6157b53c867e4b9166c767b804d46a59b5216cde7a4e99040c5a40433225ee282a1b0a06c523eaf4534d7f83fa1155b0047718cbc546a0d072b04b3564eea1b422273f548271a0bb2316053fa76991955ebd63159434ecebb4e466dae5a1073a6727627097a1049e617d91d361094fa68f0ff77987130305beaba2eda04df997b714d6c6f2c29a6ad5cb4022b02709b",
		.tag = "eead9d67890cbb22392336fea1851f38",
	},
};

/* Decoded test data: a vector whose transcription is malformed fails. */
struct bytes {
	u8 *p;
	size_t len;
};

static bool get_hex(struct bytes *b, const char *hex)
{
	b->p = vgc_unhex_alloc(hex, &b->len);
	return b->p;
}

static bool get_msg(struct bytes *b, enum text_id text, size_t len,
		    const char *hex)
{
	if (text == NO_TEXT)
		return get_hex(b, hex);
	if (strlen(texts[text]) != len)
		return false;
	b->len = len;
	b->p = vgc_xmalloc(len);
	memcpy(b->p, texts[text], len);
	return true;
}

static void put_bytes(struct bytes *b)
{
	free(b->p);
	b->p = NULL;
}

static bool same(const u8 *a, const struct bytes *b, size_t len)
{
	return len == b->len && !memcmp(a, b->p, len);
}

/* Keystream through the back end, counter and nonce as given. */
static bool check_block(const struct vgc_cp_backend *be,
			const struct block_vec *v, const char **why)
{
	struct bytes key = { 0 }, nonce = { 0 }, out = { 0 };
	u8 buf[VGC_CHACHA_BLOCK_SIZE];
	u32 st[16];
	bool ok = false;

	*why = "bad transcription";
	if (!get_hex(&key, v->key) || !get_hex(&nonce, v->nonce) ||
	    !get_hex(&out, v->out) || key.len != 32 || nonce.len != 12)
		goto out;

	vgc_chacha20_init(st, key.p, nonce.p, v->counter);
	memset(buf, 0, sizeof(buf));
	vgc_be_begin(be);
	be->chacha_xor(st, buf, buf, 1);
	vgc_be_end(be);
	*why = "chacha_xor over zeros";
	if (!same(buf, &out, sizeof(buf)))
		goto out;
	*why = "counter did not advance by one";
	if (st[12] != v->counter + 1)
		goto out;

	/* the portable block function too, whatever the back end */
	vgc_chacha20_init(st, key.p, nonce.p, v->counter);
	vgc_chacha20_block(st, buf);
	*why = "vgc_chacha20_block";
	if (!same(buf, &out, sizeof(buf)) || st[12] != v->counter + 1)
		goto out;
	ok = true;
out:
	put_bytes(&key);
	put_bytes(&nonce);
	put_bytes(&out);
	return ok;
}

/*
 * ChaCha20 encryption from the back end's whole-block primitive: @step
 * blocks a call (0: all at once), the tail through a zero-padded block.
 */
static void stream_xor(const struct vgc_cp_backend *be, u32 st[16], u8 *dst,
		       const u8 *src, size_t len, unsigned int step)
{
	unsigned int nblocks = len / VGC_CHACHA_BLOCK_SIZE, n;
	size_t rem = len % VGC_CHACHA_BLOCK_SIZE;
	u8 tail[VGC_CHACHA_BLOCK_SIZE];

	vgc_be_begin(be);
	while (nblocks) {
		n = step ? min_t(unsigned int, step, nblocks) : nblocks;
		be->chacha_xor(st, dst, src, n);
		dst += (size_t)n * VGC_CHACHA_BLOCK_SIZE;
		src += (size_t)n * VGC_CHACHA_BLOCK_SIZE;
		nblocks -= n;
	}
	if (rem) {
		memset(tail, 0, sizeof(tail));
		memcpy(tail, src, rem);
		be->chacha_xor(st, tail, tail, 1);
		memcpy(dst, tail, rem);
	}
	vgc_be_end(be);
}

static bool check_stream(const struct vgc_cp_backend *be,
			 const struct stream_vec *v, const char **why)
{
	static const unsigned int steps[] = { 0, 1, 2, 3 };
	struct bytes key = { 0 }, nonce = { 0 }, pt = { 0 }, ct = { 0 };
	unsigned int i, blocks;
	bool ok = false;
	u32 st[16];
	u8 *buf = NULL;

	*why = "bad transcription";
	if (!get_hex(&key, v->key) || !get_hex(&nonce, v->nonce) ||
	    !get_msg(&pt, v->pt_text, v->pt_len, v->pt_hex) ||
	    !get_hex(&ct, v->ct) ||
	    key.len != 32 || nonce.len != 12 || pt.len != ct.len)
		goto out;
	blocks = (pt.len + VGC_CHACHA_BLOCK_SIZE - 1) / VGC_CHACHA_BLOCK_SIZE;
	buf = vgc_xmalloc(pt.len);

	for (i = 0; i < ARRAY_SIZE(steps); i++) {
		/* out of place */
		memset(buf, 0xa5, pt.len);
		vgc_chacha20_init(st, key.p, nonce.p, v->counter);
		stream_xor(be, st, buf, pt.p, pt.len, steps[i]);
		*why = "encrypt out of place";
		if (!same(buf, &ct, pt.len) || st[12] != v->counter + blocks)
			goto out;
		/* in place, and back */
		memcpy(buf, ct.p, ct.len);
		vgc_chacha20_init(st, key.p, nonce.p, v->counter);
		stream_xor(be, st, buf, buf, ct.len, steps[i]);
		*why = "decrypt in place";
		if (!same(buf, &pt, pt.len))
			goto out;
	}
	ok = true;
out:
	free(buf);
	put_bytes(&key);
	put_bytes(&nonce);
	put_bytes(&pt);
	put_bytes(&ct);
	return ok;
}

static bool check_poly(const struct vgc_cp_backend *be,
		       const struct poly_vec *v, const char **why)
{
	static const unsigned int steps[] = { 0, 1, 3 };
	struct bytes key = { 0 }, msg = { 0 }, tag = { 0 };
	u8 out[VGC_POLY1305_TAG_SIZE];
	bool ok = false;
	unsigned int i;

	*why = "bad transcription";
	if (!get_hex(&key, v->key) ||
	    !get_msg(&msg, v->msg_text, v->msg_len, v->msg_hex) ||
	    !get_hex(&tag, v->tag) || key.len != 32 || tag.len != 16)
		goto out;

	memset(out, 0xa5, sizeof(out));
	vgc_poly1305_mac(out, msg.p, msg.len, key.p);
	*why = "vgc_poly1305_mac";
	if (!same(out, &tag, sizeof(out)))
		goto out;

	for (i = 0; i < ARRAY_SIZE(steps); i++) {
		memset(out, 0xa5, sizeof(out));
		vgc_be_poly1305(be, out, msg.p, msg.len, key.p, steps[i]);
		*why = "back end poly_blocks";
		if (!same(out, &tag, sizeof(out)))
			goto out;
	}
	ok = true;
out:
	put_bytes(&key);
	put_bytes(&msg);
	put_bytes(&tag);
	return ok;
}

static bool check_keygen(const struct vgc_cp_backend *be,
			 const struct keygen_vec *v, const char **why)
{
	struct bytes key = { 0 }, nonce = { 0 }, otk = { 0 };
	u8 buf[VGC_CHACHA_BLOCK_SIZE];
	bool ok = false;
	u32 st[16];

	*why = "bad transcription";
	if (!get_hex(&key, v->key) || !get_hex(&nonce, v->nonce) ||
	    !get_hex(&otk, v->otk) || key.len != 32 || nonce.len != 12 ||
	    otk.len != 32)
		goto out;

	vgc_chacha20_init(st, key.p, nonce.p, 0);
	memset(buf, 0, sizeof(buf));
	vgc_be_begin(be);
	be->chacha_xor(st, buf, buf, 1);
	vgc_be_end(be);
	*why = "first 32 bytes of block 0";
	ok = same(buf, &otk, otk.len);
out:
	put_bytes(&key);
	put_bytes(&nonce);
	put_bytes(&otk);
	return ok;
}

struct aead_data {
	struct bytes key, nonce, ad, pt, ct, tag;
	u8 *sealed;	/* ct || tag */
	size_t len;	/* plaintext length */
};

static bool aead_get(struct aead_data *d, const struct aead_vec *v)
{
	memset(d, 0, sizeof(*d));
	if (!get_hex(&d->key, v->key) || !get_hex(&d->nonce, v->nonce) ||
	    !get_hex(&d->ad, v->ad) ||
	    !get_msg(&d->pt, v->pt_text, v->pt_len, v->pt_hex) ||
	    !get_hex(&d->ct, v->ct) || !get_hex(&d->tag, v->tag) ||
	    d->key.len != 32 || d->nonce.len != 12 || d->tag.len != 16 ||
	    d->pt.len != d->ct.len)
		return false;
	d->len = d->pt.len;
	d->sealed = vgc_xmalloc(d->len + 16);
	memcpy(d->sealed, d->ct.p, d->len);
	memcpy(d->sealed + d->len, d->tag.p, 16);
	return true;
}

static void aead_put(struct aead_data *d)
{
	put_bytes(&d->key);
	put_bytes(&d->nonce);
	put_bytes(&d->ad);
	put_bytes(&d->pt);
	put_bytes(&d->ct);
	put_bytes(&d->tag);
	free(d->sealed);
}

static bool check_aead_seal(const struct vgc_cp_backend *be,
			    const struct aead_vec *v, const char **why)
{
	struct aead_data d;
	struct vgc_rng rng;
	bool ok = false;
	u8 *buf = NULL;
	int i;

	*why = "bad transcription";
	if (!aead_get(&d, v))
		goto out;
	buf = vgc_xmalloc(d.len + 16);

	memset(buf, 0xa5, d.len + 16);
	vgc_cp_seal(be, buf, d.pt.p, d.len, d.ad.p, d.ad.len, d.key.p,
		    d.nonce.p);
	*why = "vgc_cp_seal out of place";
	if (memcmp(buf, d.sealed, d.len + 16))
		goto out;

	memcpy(buf, d.pt.p, d.len);
	vgc_cp_seal(be, buf, buf, d.len, d.ad.p, d.ad.len, d.key.p, d.nonce.p);
	*why = "vgc_cp_seal in place";
	if (memcmp(buf, d.sealed, d.len + 16))
		goto out;

	vgc_rng_seed(&rng, 8439);
	for (i = 0; i < 64; i++) {
		memset(buf, 0xa5, d.len + 16);
		vgc_seal_seg(be, &rng, i & 1, buf, d.pt.p, d.len, d.ad.p,
			     d.ad.len, d.key.p, d.nonce.p);
		*why = "segmented seal";
		if (memcmp(buf, d.sealed, d.len + 16))
			goto out;
	}
	ok = true;
out:
	free(buf);
	aead_put(&d);
	return ok;
}

static bool check_aead_open(const struct vgc_cp_backend *be,
			    const struct aead_vec *v, const char **why)
{
	struct aead_data d;
	struct vgc_rng rng;
	bool ok = false;
	u8 *buf = NULL;
	int i;

	*why = "bad transcription";
	if (!aead_get(&d, v))
		goto out;
	buf = vgc_xmalloc(d.len + 16);

	memset(buf, 0xa5, d.len + 16);
	*why = "vgc_cp_open out of place";
	if (vgc_cp_open(be, buf, d.sealed, d.len + 16, d.ad.p, d.ad.len,
			d.key.p, d.nonce.p) != 0 || memcmp(buf, d.pt.p, d.len))
		goto out;

	memcpy(buf, d.sealed, d.len + 16);
	*why = "vgc_cp_open in place";
	if (vgc_cp_open(be, buf, buf, d.len + 16, d.ad.p, d.ad.len,
			d.key.p, d.nonce.p) != 0 || memcmp(buf, d.pt.p, d.len))
		goto out;

	vgc_rng_seed(&rng, 7539);
	for (i = 0; i < 64; i++) {
		memset(buf, 0xa5, d.len + 16);
		*why = "segmented open";
		if (vgc_open_seg(be, &rng, i & 1, buf, d.sealed, d.len + 16,
				 d.ad.p, d.ad.len, d.key.p, d.nonce.p) != 0 ||
		    memcmp(buf, d.pt.p, d.len))
			goto out;
	}
	ok = true;
out:
	free(buf);
	aead_put(&d);
	return ok;
}

void vgc_suite_rfc8439(const struct vgc_cp_backend *be,
		       const struct vgc_opts *o, struct vgc_tally *t)
{
	const char *why = "";
	unsigned int i;
	bool ok;

	(void)o;
	for (i = 0; i < ARRAY_SIZE(block_vecs); i++) {
		ok = check_block(be, &block_vecs[i], &why);
		vgc_check(t, ok, SUITE, be->name, "block %s: %s",
			  block_vecs[i].name, why);
	}
	for (i = 0; i < ARRAY_SIZE(stream_vecs); i++) {
		ok = check_stream(be, &stream_vecs[i], &why);
		vgc_check(t, ok, SUITE, be->name, "encrypt %s: %s",
			  stream_vecs[i].name, why);
	}
	for (i = 0; i < ARRAY_SIZE(poly_vecs); i++) {
		ok = check_poly(be, &poly_vecs[i], &why);
		vgc_check(t, ok, SUITE, be->name, "poly1305 %s: %s",
			  poly_vecs[i].name, why);
	}
	for (i = 0; i < ARRAY_SIZE(keygen_vecs); i++) {
		ok = check_keygen(be, &keygen_vecs[i], &why);
		vgc_check(t, ok, SUITE, be->name, "keygen %s: %s",
			  keygen_vecs[i].name, why);
	}
	for (i = 0; i < ARRAY_SIZE(aead_vecs); i++) {
		ok = check_aead_seal(be, &aead_vecs[i], &why);
		vgc_check(t, ok, SUITE, be->name, "aead seal %s: %s",
			  aead_vecs[i].name, why);
		ok = check_aead_open(be, &aead_vecs[i], &why);
		vgc_check(t, ok, SUITE, be->name, "aead open %s: %s",
			  aead_vecs[i].name, why);
	}
}
