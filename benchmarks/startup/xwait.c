/*
 * xwait: the start-up benchmark's eyes on the X server (Xvfb).
 *
 *   xwait map            prints "ready", then waits until a top-level window is mapped (made
 *                        visible) and prints the CLOCK_MONOTONIC time of that event in
 *                        nanoseconds and the window's id; Python's time.monotonic() reads the
 *                        same clock.
 *   xwait shot FILE.png  saves the whole screen as a PNG.
 *   xwait quit           puts the pointer on the screen's top-left window area, presses Ctrl+Q
 *                        (XTest), and prints the CLOCK_MONOTONIC time of the press and of the
 *                        first top-level window being unmapped (closed).
 *
 * Build: cc -O2 -o xwait xwait.c -lX11 -lz -l:libXtst.so.6   (startup.py does it)
 */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

static long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long) t.tv_sec * 1000000000LL + t.tv_nsec;
}

static int map(Display *d) {
    Window root = DefaultRootWindow(d);
    XSelectInput(d, root, SubstructureNotifyMask);
    XSync(d, False);
    printf("ready\n");
    fflush(stdout);
    for (;;) {
        XEvent e;
        XNextEvent(d, &e);
        if (e.type == MapNotify && !e.xmap.override_redirect) {
            long long t = now_ns();
            printf("%lld 0x%lx\n", t, (unsigned long) e.xmap.window);
            fflush(stdout);
            return 0;
        }
    }
}

/* libXtst's calls (its headers are often not installed; the library is, with GTK) */
extern int XTestFakeKeyEvent(Display *, unsigned int, Bool, unsigned long);
extern int XTestFakeMotionEvent(Display *, int, int, int, unsigned long);

static int quit(Display *d) {
    Window root = DefaultRootWindow(d);
    XSelectInput(d, root, SubstructureNotifyMask);
    XTestFakeMotionEvent(d, -1, 200, 200, 0);
    XSync(d, False);
    unsigned int ctrl = XKeysymToKeycode(d, XStringToKeysym("Control_L"));
    unsigned int q = XKeysymToKeycode(d, XStringToKeysym("q"));
    long long pressed = now_ns();
    XTestFakeKeyEvent(d, ctrl, True, 0);
    XTestFakeKeyEvent(d, q, True, 0);
    XTestFakeKeyEvent(d, q, False, 0);
    XTestFakeKeyEvent(d, ctrl, False, 0);
    XFlush(d);
    printf("%lld pressed\n", pressed);
    fflush(stdout);
    for (;;) {
        XEvent e;
        XNextEvent(d, &e);
        if ((e.type == UnmapNotify && e.xunmap.event == root) || (e.type == DestroyNotify && e.xdestroywindow.event == root)) {
            printf("%lld closed 0x%lx\n", now_ns(), (unsigned long) (e.type == UnmapNotify ? e.xunmap.window : e.xdestroywindow.window));
            fflush(stdout);
            return 0;
        }
    }
}

static void put32(unsigned char *p, uint32_t v) {
    p[0] = v >> 24; p[1] = v >> 16; p[2] = v >> 8; p[3] = v;
}

static void chunk(FILE *f, const char *type, const unsigned char *data, uint32_t len) {
    unsigned char head[8];
    put32(head, len);
    memcpy(head + 4, type, 4);
    fwrite(head, 1, 8, f);
    if (len) fwrite(data, 1, len, f);
    uLong crc = crc32(0, (const Bytef *) type, 4);
    if (len) crc = crc32(crc, data, len);
    unsigned char c[4];
    put32(c, (uint32_t) crc);
    fwrite(c, 1, 4, f);
}

static int shot(Display *d, const char *file) {
    Window root = DefaultRootWindow(d);
    XWindowAttributes a;
    XGetWindowAttributes(d, root, &a);
    XImage *img = XGetImage(d, root, 0, 0, a.width, a.height, AllPlanes, ZPixmap);
    if (!img) { fprintf(stderr, "xwait: cannot read the screen\n"); return 1; }
    size_t row = 1 + (size_t) a.width * 3;
    unsigned char *raw = malloc(row * a.height);
    for (int y = 0; y < a.height; y++) {
        unsigned char *p = raw + y * row;
        *p++ = 0;
        for (int x = 0; x < a.width; x++) {
            unsigned long px = XGetPixel(img, x, y);
            *p++ = (px & img->red_mask) >> 16;
            *p++ = (px & img->green_mask) >> 8;
            *p++ = px & img->blue_mask;
        }
    }
    uLongf zlen = compressBound(row * a.height);
    unsigned char *z = malloc(zlen);
    compress2(z, &zlen, raw, row * a.height, 6);
    FILE *f = fopen(file, "wb");
    if (!f) { perror(file); return 1; }
    fwrite("\x89PNG\r\n\x1a\n", 1, 8, f);
    unsigned char ihdr[13];
    put32(ihdr, a.width);
    put32(ihdr + 4, a.height);
    ihdr[8] = 8; ihdr[9] = 2; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
    chunk(f, "IHDR", ihdr, 13);
    chunk(f, "IDAT", z, (uint32_t) zlen);
    chunk(f, "IEND", NULL, 0);
    fclose(f);
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 2 || (strcmp(argv[1], "map") && strcmp(argv[1], "quit") && !(strcmp(argv[1], "shot") == 0 && argc == 3))) {
        fprintf(stderr, "usage: xwait map | xwait shot FILE.png | xwait quit\n");
        return 2;
    }
    Display *d = XOpenDisplay(NULL);
    if (!d) { fprintf(stderr, "xwait: cannot open the display %s\n", getenv("DISPLAY") ? getenv("DISPLAY") : "(DISPLAY is not set)"); return 1; }
    if (strcmp(argv[1], "quit") == 0) {
        return quit(d);
    }
    return strcmp(argv[1], "map") == 0 ? map(d) : shot(d, argv[2]);
}
