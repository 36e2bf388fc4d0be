// The slice of libcurl that wx's transport uses, made callable from Swift.
//
// libcurl is not linked: it pulls in some 30 shared libraries (OpenSSL, Kerberos, LDAP…) whose
// loading and relocation cost every start of wx about 5 ms, three times what sqlite3 needs to
// start at all (BENCHMARKS.md). wx_curl_load() dlopens it at the first request instead and fills
// a table of entry points; the headers come from libcurl4-openssl-dev, the library from libcurl4.
//
// curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are C variadic functions, which Swift cannot call; each
// argument type wx passes gets a typed `static inline` wrapper that calls through the table.
#ifndef WX_CCURL_SHIM_H
#define WX_CCURL_SHIM_H

#include <curl/curl.h>
#include <dlfcn.h>
#include <link.h>
#include <stddef.h>
#include <string.h>

#ifndef RTLD_DEEPBIND
#define RTLD_DEEPBIND 0x00008 /* glibc's bits/dlfcn.h, declared only with _GNU_SOURCE */
#endif

/// libcurl's entry points as loaded by wx_curl_load.
typedef struct wx_curl_api {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    void (*easy_reset)(CURL *handle);
    void (*easy_cleanup)(CURL *handle);
    CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
    CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
    const char *(*easy_strerror)(CURLcode code);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_setopt)(CURLM *multi, CURLMoption option, ...);
    CURLMcode (*multi_add_handle)(CURLM *multi, CURL *handle);
    CURLMcode (*multi_remove_handle)(CURLM *multi, CURL *handle);
    CURLMcode (*multi_perform)(CURLM *multi, int *running);
    CURLMcode (*multi_poll)(CURLM *multi, struct curl_waitfd *extra, unsigned int count, int timeout_ms, int *ready);
    CURLMcode (*multi_wakeup)(CURLM *multi);
    CURLMsg *(*multi_info_read)(CURLM *multi, int *remaining);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *text);
    void (*slist_free_all)(struct curl_slist *list);
} wx_curl_api;

/// Whether an object loaded in the process, by its path, is one wx itself needs (the program, its
/// libc and libm, the dynamic loader, the vDSO) or valgrind's preloaded core (which replaces
/// functions by its own redirection, not by the order symbols are looked up in).
static inline int wx_curl_is_own_object(const char *path) {
    const char *slash = strrchr(path, '/');
    const char *base = slash != NULL ? slash + 1 : path;
    return *base == 0 || strncmp(base, "libc.so", 7) == 0 || strncmp(base, "libm.so", 7) == 0
        || strncmp(base, "ld-linux", 8) == 0 || strncmp(base, "linux-vdso", 10) == 0
        || strncmp(base, "linux-gate", 10) == 0 || strncmp(base, "vgpreload_", 10) == 0;
}

/// How libcurl is opened. Each of the ~9,000 symbols its 31 libraries bind at load is looked up
/// in the process's global scope first — wx, libm, libc, the loader, none of which defines most of
/// them — and only then among libcurl's own libraries; RTLD_DEEPBIND looks among libcurl's own
/// first (where libc is too), as the curl program's order does: 1.6 M instructions fewer a first
/// request (issue 39). Only when nothing but wx's own objects is loaded (the loader's list,
/// `_r_debug`): a preloaded library (LD_PRELOAD, /etc/ld.so.preload: an allocator, proxychains,
/// faketime) interposes on libc's functions for every library only when looked up first, as
/// without RTLD_DEEPBIND.
static inline int wx_curl_open_flags(void) {
    for (const struct link_map *object = _r_debug.r_map; object != NULL; object = object->l_next) {
        if (!wx_curl_is_own_object(object->l_name != NULL ? object->l_name : "")) return RTLD_LAZY | RTLD_LOCAL;
    }
    return RTLD_LAZY | RTLD_LOCAL | RTLD_DEEPBIND;  /* lazy: symbols bound on first call */
}

/// Loads libcurl.so.4 and fills `api`. Returns 0, or -1 when the library or a symbol is missing
/// (dlerror() then says which).
static inline int wx_curl_load(wx_curl_api *api) {
    void *library = dlopen("libcurl.so.4", wx_curl_open_flags());
    if (library == NULL) return -1;
#define WX_CURL_SYMBOL(field, name) \
    if ((*(void **)&api->field = dlsym(library, name)) == NULL) return -1;
    WX_CURL_SYMBOL(global_init, "curl_global_init")
    WX_CURL_SYMBOL(easy_init, "curl_easy_init")
    WX_CURL_SYMBOL(easy_reset, "curl_easy_reset")
    WX_CURL_SYMBOL(easy_cleanup, "curl_easy_cleanup")
    WX_CURL_SYMBOL(easy_setopt, "curl_easy_setopt")
    WX_CURL_SYMBOL(easy_getinfo, "curl_easy_getinfo")
    WX_CURL_SYMBOL(easy_strerror, "curl_easy_strerror")
    WX_CURL_SYMBOL(multi_init, "curl_multi_init")
    WX_CURL_SYMBOL(multi_setopt, "curl_multi_setopt")
    WX_CURL_SYMBOL(multi_add_handle, "curl_multi_add_handle")
    WX_CURL_SYMBOL(multi_remove_handle, "curl_multi_remove_handle")
    WX_CURL_SYMBOL(multi_perform, "curl_multi_perform")
    WX_CURL_SYMBOL(multi_poll, "curl_multi_poll")
    WX_CURL_SYMBOL(multi_wakeup, "curl_multi_wakeup")
    WX_CURL_SYMBOL(multi_info_read, "curl_multi_info_read")
    WX_CURL_SYMBOL(slist_append, "curl_slist_append")
    WX_CURL_SYMBOL(slist_free_all, "curl_slist_free_all")
#undef WX_CURL_SYMBOL
    return 0;
}

/// Initialises the OpenSSL that libcurl loaded without its error texts, before curl_global_init
/// initialises it with them. Loading the texts into OpenSSL's tables costs about 0.95 M
/// instructions (at the first error mark of the configuration's reading), and wx never shows
/// them: libcurl writes them only into CURLOPT_ERRORBUFFER, which wx does not set, and wx words
/// failures from the CURLcode (curl_easy_strerror). OpenSSL initialises once per process, so
/// libcurl's own call later keeps this setting; the system's openssl.cnf is read as before.
/// Does nothing for a libcurl built on another TLS library (no libssl.so.3 loaded).
static inline void wx_openssl_init_without_error_texts(void) {
    void *ssl = dlopen("libssl.so.3", RTLD_LAZY | RTLD_NOLOAD);
    if (ssl == NULL) return;
    int (*init_ssl)(unsigned long long options, const void *settings);
    *(void **)&init_ssl = dlsym(ssl, "OPENSSL_init_ssl");
    /* 0x00100000: OPENSSL_INIT_NO_LOAD_SSL_STRINGS; 0x1: OPENSSL_INIT_NO_LOAD_CRYPTO_STRINGS
       (openssl/ssl.h, openssl/crypto.h) */
    if (init_ssl != NULL) (void)init_ssl(0x00100000ULL | 0x1ULL, NULL);
}

/// dlerror() as a function Swift can call after a failed load.
static inline const char *wx_curl_load_error(void) {
    const char *message = dlerror();
    return message != NULL ? message : "unknown error";
}

/// An option whose value is a `long` (timeouts, flags, limits).
static inline CURLcode wx_curl_set_long(const wx_curl_api *api, CURL *handle, CURLoption option, long value) {
    return api->easy_setopt(handle, option, value);
}

/// A multi handle option whose value is a `long` (connection limits).
static inline CURLMcode wx_curl_multi_set_long(const wx_curl_api *api, CURLM *multi, CURLMoption option, long value) {
    return api->multi_setopt(multi, option, value);
}

/// An option whose value is a C string; libcurl copies it.
static inline CURLcode wx_curl_set_string(const wx_curl_api *api, CURL *handle, CURLoption option, const char *value) {
    return api->easy_setopt(handle, option, value);
}

/// An option whose value is an opaque pointer (callback user data).
static inline CURLcode wx_curl_set_pointer(const wx_curl_api *api, CURL *handle, CURLoption option, void *value) {
    return api->easy_setopt(handle, option, value);
}

/// CURLOPT_HTTPHEADER takes a header list.
static inline CURLcode wx_curl_set_headers(const wx_curl_api *api, CURL *handle, struct curl_slist *headers) {
    return api->easy_setopt(handle, CURLOPT_HTTPHEADER, headers);
}

/// The body sink: called with each chunk; returning less than size * count aborts the transfer.
typedef size_t (*wx_curl_write_function)(char *data, size_t size, size_t count, void *context);

static inline CURLcode wx_curl_set_write_function(const wx_curl_api *api, CURL *handle, wx_curl_write_function function) {
    return api->easy_setopt(handle, CURLOPT_WRITEFUNCTION, function);
}

/// The progress hook: returning non-zero aborts the transfer (how cancellation reaches curl).
typedef int (*wx_curl_progress_function)(void *context, curl_off_t download_total, curl_off_t downloaded,
                                         curl_off_t upload_total, curl_off_t uploaded);

static inline CURLcode wx_curl_set_progress_function(const wx_curl_api *api, CURL *handle, wx_curl_progress_function function) {
    return api->easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, function);
}

/// An info field of type `long` (the HTTP status).
static inline CURLcode wx_curl_get_long(const wx_curl_api *api, CURL *handle, CURLINFO info, long *value) {
    return api->easy_getinfo(handle, info, value);
}

/// An info field of type `curl_off_t` (Retry-After seconds, timings in microseconds).
static inline CURLcode wx_curl_get_off_t(const wx_curl_api *api, CURL *handle, CURLINFO info, curl_off_t *value) {
    return api->easy_getinfo(handle, info, value);
}

/// An info field that is a C string owned by the handle (Content-Type).
static inline CURLcode wx_curl_get_string(const wx_curl_api *api, CURL *handle, CURLINFO info, char **value) {
    return api->easy_getinfo(handle, info, value);
}

/// The result code of a finished transfer, from the union inside CURLMsg.
static inline CURLcode wx_curl_message_result(CURLMsg *message) {
    return message->data.result;
}

/// A hashed certificate folder added to the certificate store of every TLS connection, beside
/// the bundle libcurl keeps parsed (CURLOPT_SSL_CTX_FUNCTION). libcurl keeps a parsed bundle
/// (CURLOPT_CA_CACHE_TIMEOUT) only when no folder is named (CURLOPT_CAPATH): with both, it parses
/// the whole bundle again for every connection — about 230 M instructions for the system's. So
/// wx names the bundle alone and adds the folder itself, through OpenSSL's own calls, taken from
/// the libcrypto and libssl that libcurl loaded (wx links neither). Adding the folder again to a
/// store that has it changes nothing (OpenSSL keeps one lookup per method, one entry per folder).
typedef struct wx_ca_folder {
    void *(*ctx_get_cert_store)(const void *ssl_ctx);
    void *(*store_add_lookup)(void *store, void *method);
    void *(*lookup_hash_dir)(void);
    int (*lookup_ctrl)(void *lookup, int command, const char *argument, long number, char **result);
    char folder[4096];
} wx_ca_folder;

/// Fills `table` for `folder` from the OpenSSL 3 libraries already loaded with libcurl. Returns 0,
/// or -1 when they are not loaded (a libcurl on another TLS library) or the folder's path is too
/// long: the caller then names the folder to libcurl as CURLOPT_CAPATH.
static inline int wx_ca_folder_load(wx_ca_folder *table, const char *folder) {
    void *crypto = dlopen("libcrypto.so.3", RTLD_LAZY | RTLD_NOLOAD);
    void *ssl = dlopen("libssl.so.3", RTLD_LAZY | RTLD_NOLOAD);
    if (crypto == NULL || ssl == NULL || strlen(folder) >= sizeof table->folder) return -1;
    *(void **)&table->ctx_get_cert_store = dlsym(ssl, "SSL_CTX_get_cert_store");
    *(void **)&table->store_add_lookup = dlsym(crypto, "X509_STORE_add_lookup");
    *(void **)&table->lookup_hash_dir = dlsym(crypto, "X509_LOOKUP_hash_dir");
    *(void **)&table->lookup_ctrl = dlsym(crypto, "X509_LOOKUP_ctrl");
    if (!table->ctx_get_cert_store || !table->store_add_lookup || !table->lookup_hash_dir || !table->lookup_ctrl) return -1;
    strcpy(table->folder, folder);
    return 0;
}

/// The CURLOPT_SSL_CTX_FUNCTION callback: adds the folder of the `wx_ca_folder` in `context`.
static inline CURLcode wx_ca_folder_add(CURL *handle, void *ssl_ctx, void *context) {
    (void)handle;
    const wx_ca_folder *table = (const wx_ca_folder *)context;
    void *store = table->ctx_get_cert_store(ssl_ctx);
    void *lookup = store ? table->store_add_lookup(store, table->lookup_hash_dir()) : NULL;
    /* 2: X509_L_ADD_DIR; 1: X509_FILETYPE_PEM (openssl/x509_vfy.h, x509.h) */
    if (lookup == NULL || table->lookup_ctrl(lookup, 2, table->folder, 1, NULL) != 1) return CURLE_SSL_CACERT_BADFILE;
    return CURLE_OK;
}

/// Sets `table` as every TLS connection's added folder (CURLOPT_SSL_CTX_FUNCTION and _DATA).
static inline CURLcode wx_curl_set_ca_folder(const wx_curl_api *api, CURL *handle, wx_ca_folder *table) {
    CURLcode result = api->easy_setopt(handle, CURLOPT_SSL_CTX_FUNCTION, wx_ca_folder_add);
    return result == CURLE_OK ? api->easy_setopt(handle, CURLOPT_SSL_CTX_DATA, table) : result;
}

#endif
