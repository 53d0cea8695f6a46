package boi2008

// bitMatrix is a rows x cols matrix of bits, each row a run of stride
// 64-bit words, bit j of a row being word j/64, bit j%64.
type bitMatrix struct {
	rows, cols, stride int
	words              []uint64
}

// reset reshapes m to rows x cols, all zero, reusing its storage.
func (m *bitMatrix) reset(rows, cols int) {
	m.rows, m.cols, m.stride = rows, cols, (cols+63)/64
	n := rows * m.stride
	if cap(m.words) < n {
		m.words = make([]uint64, n)
	}
	m.words = m.words[:n]
	clear(m.words)
}

// row returns row i's words.
func (m *bitMatrix) row(i int) []uint64 { return m.words[i*m.stride : (i+1)*m.stride] }

// get returns bit (i, j).
func (m *bitMatrix) get(i, j int) bool { return m.words[i*m.stride+j/64]>>(j%64)&1 != 0 }

// set sets bit (i, j).
func (m *bitMatrix) set(i, j int) { m.words[i*m.stride+j/64] |= 1 << (j % 64) }

// transposeInto makes dst the transpose of m, 64 x 64 blocks at a time.
func (m *bitMatrix) transposeInto(dst *bitMatrix) {
	dst.reset(m.cols, m.rows)
	var block [64]uint64
	for bi := 0; bi < m.rows; bi += 64 {
		for bw := 0; bw < m.stride; bw++ {
			n := min(64, m.rows-bi)
			for k := 0; k < n; k++ {
				block[k] = m.words[(bi+k)*m.stride+bw]
			}
			clear(block[n:])
			transpose64(&block)
			cols := min(64, m.cols-bw*64)
			for k := 0; k < cols; k++ {
				dst.words[(bw*64+k)*dst.stride+bi/64] = block[k]
			}
		}
	}
}

// transpose64 transposes a 64 x 64 bit block in place: bit c of word r
// becomes bit r of word c.
func transpose64(a *[64]uint64) {
	m := uint64(0x00000000ffffffff)
	for j := 32; j != 0; j, m = j>>1, m^(m<<(j>>1)) {
		for k := 0; k < 64; k = (k + j + 1) &^ j {
			t := (a[k]>>j ^ a[k+j]) & m
			a[k] ^= t << j
			a[k+j] ^= t
		}
	}
}
