/* libarchive archive_write_set_format_mtree.c:2217, mtree_entry_tree_add(), PTR-null-cmp-aft
 * "`dent` was found to be NULL and is dereferenced": dent (= root) is NULL only with a first
 * component "." and no root; then find_child(NULL) is NULL and `while (fn[0] != '\0')` must run
 * (get_path_component() returns l > 0 only for a non-empty string), setting dent. */
#include <string.h>
struct ent { int dirlen; };
struct tree { struct ent *root; };
struct ent *find_child(struct ent *parent, const char *name);
struct ent *make_dir(const char *path, size_t len);

static int get_component(char *name, const char *fn)
{
	size_t l = strcspn(fn, "/");
	if (l == 0 || l > 255)
		return 0;
	memcpy(name, fn, l);
	name[l] = '\0';
	return (int)l;
}
int tree_add(struct tree *t, const char *path)
{
	char name[256];
	const char *fn = path;
	struct ent *dent = t->root, *np;
	int l = get_component(name, fn);
	if (l == 0)
		return -1;
	if (l == 1 && name[0] == '.' && dent != NULL)
		return 0;
	np = find_child(dent, name);   /* NULL when dent is NULL */
	if (np != NULL)
		return 1;
	while (fn[0] != '\0') {        /* runs: l > 0 means fn[0] != '\0' */
		if ((dent = make_dir(path, (size_t)(fn - path) + l)) == NULL)
			return -1;
		fn += l;
		l = get_component(name, fn);
	}
	return dent->dirlen;
}
