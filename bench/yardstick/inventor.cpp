// Inventor Outlasting (Code Jam to I/O for Women 2022), written for the nimber
// project as a timing yardstick from the published analysis: the two colour
// classes ((r+c) mod 2) are independent; in the coordinates u = r+c,
// v = r-c a sub-game is a rectangle [u1,u2] x [v1,v2], a move on spot (u,v)
// splits it into four, and the Sprague-Grundy value of every rectangle is
// memoized (4-byte ints) and computed by visiting all S spots, O(S) per state.
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>
#include "mex.h"
using namespace std;

// The memo is a plain 4-D int array over the bounds of one colour class.
// Within a class every bound has a fixed parity, so bound b is stored at
// index b/2: H = (R+C-2)/2 + 1 entries per dimension, H^4 ints per class.
// v is shifted by C-1 so that it starts at 0.
int H;
vector<int> memo;                 // [u1/2][u2/2][w1/2][w2/2], -1 = not computed
vector<int> spotU, spotW;         // the spots of the current class, w = v + C-1

int& at(int u1, int u2, int w1, int w2) {
    return memo[(((size_t)(u1 / 2) * H + u2 / 2) * H + w1 / 2) * H + w2 / 2];
}

int sg(int u1, int u2, int w1, int w2) {
    if (u1 > u2 || w1 > w2) return 0;
    int& m = at(u1, u2, w1, w2);
    if (m >= 0) return m;
    vector<int> values;
    for (size_t i = 0; i < spotU.size(); i++) {
        int u = spotU[i], w = spotW[i];
        if (u < u1 || u > u2 || w < w1 || w > w2) continue;
        values.push_back(sg(u1, u - 2, w1, w - 2) ^ sg(u1, u - 2, w + 2, w2) ^
                         sg(u + 2, u2, w1, w - 2) ^ sg(u + 2, u2, w + 2, w2));
    }
    vector<char> seen(values.size() + 1, 0);
    for (int g : values) mark(seen, g);
    return m = mex(seen);
}

int main() {
    int T;
    cin >> T;
    for (int tc = 1; tc <= T; tc++) {
        int R, C;
        cin >> R >> C;
        vector<string> grid(R);
        for (int r = 0; r < R; r++) cin >> grid[r];
        int maxU = R + C - 2;  // u and w both range over 0..R+C-2
        H = maxU / 2 + 1;

        // Per class p: its bounds, its Grundy value, and for each of its
        // spots the Grundy value of the class after building there.
        int total[2];
        vector<int> moveU[2], moveW[2], after[2];
        for (int p = 0; p < 2; p++) {
            spotU.clear();
            spotW.clear();
            for (int r = 0; r < R; r++)
                for (int c = 0; c < C; c++)
                    if ((r + c) % 2 == p && grid[r][c] == 'X') {
                        spotU.push_back(r + c);
                        spotW.push_back(r - c + C - 1);
                    }
            // Class bounds: the smallest and largest values of the class's parity.
            int wp = (p + C - 1) % 2;
            int u1 = p, u2 = (maxU % 2 == p) ? maxU : maxU - 1;
            int w1 = wp, w2 = (maxU % 2 == wp) ? maxU : maxU - 1;
            memo.assign((size_t)H * H * H * H, -1);
            total[p] = sg(u1, u2, w1, w2);
            for (size_t i = 0; i < spotU.size(); i++) {
                int u = spotU[i], w = spotW[i];
                after[p].push_back(sg(u1, u - 2, w1, w - 2) ^ sg(u1, u - 2, w + 2, w2) ^
                                   sg(u + 2, u2, w1, w - 2) ^ sg(u + 2, u2, w + 2, w2));
            }
        }
        int winning = 0;
        for (int p = 0; p < 2; p++)
            for (int g : after[p])
                if ((g ^ total[1 - p]) == 0) winning++;
        printf("Case #%d: %d\n", tc, winning);
    }
    return 0;
}
