/* freetype src/base/ftrfork.c:158 (FT_Raccess_Get_HeaderInfo) and
 * src/cff/cffload.c:1214 (cff_vstore_load), notes RED-cond-never (+ RED-dead):
 * FT_READ_SHORT(v) is `v = (FT_Int16)FT_Stream_ReadUShort(stream, &error)`, an
 * unsigned 16-bit value converted to signed short, so values 0x8000..0xFFFF
 * become negative and `v < 0` can hold. Cause: model -- the conversion of an
 * unsigned short to a signed short keeps the unsigned range 0..65535 (the
 * value is not wrapped), so the test is reported as always false.
 * (Note-level finding; no warning or error comes from this cause.)
 * Reported: RED-cond-never on line 21 (with --enable style). */
typedef unsigned short u16;

extern u16 read_u16(int *err);

long read_offset(void)
{
    int  err = 0;
    long v;

    v = (short)read_u16(&err);
    if (err) return -2;
    if (v < 0) return -1;
    return v;
}
